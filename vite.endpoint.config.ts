import { relative } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { lazyBuiltins } from './vite.lazyBuiltins';
import { nodeBundleConfig } from './vite.nodeBundle';

/**
 * Keylab's DynamoDB endpoint as one prebuilt Node 20 module
 * (dist-endpoint/endpoint.mjs, exporting runEndpointCli), so `npm run endpoint`
 * and `npx keylab endpoint` start in milliseconds instead of transpiling
 * TypeScript at each start. Built by `npm run build:endpoint`, by the
 * `prepare` step of `npm ci` (no network, no dev server) and before packing.
 * Beside it, inputs.json lists the source files it was built from: bin/keylab.mjs
 * runs the bundle only while none of them is newer (else the sources, through tsx).
 */
function listInputs(): Plugin {
  return {
    name: 'keylab-endpoint-inputs',
    generateBundle(_options, bundle) {
      const inputs = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          if (id.startsWith('\0') || id.includes('?')) continue;
          inputs.add(relative(process.cwd(), id).split('\\').join('/'));
        }
      }
      const files = [...inputs].filter((file) => !file.startsWith('..')).sort();
      this.emitFile({ type: 'asset', fileName: 'inputs.json', source: `${JSON.stringify({ inputs: [...files, 'package-lock.json'] }, null, 1)}\n` });
    },
  };
}

// node:crypto, node:zlib and node:fs/promises are loaded when first called, not at every start (vite.lazyBuiltins.ts).
export default defineConfig(
  nodeBundleConfig('src/server/endpoint/endpointCli.ts', 'dist-endpoint', 'endpoint.mjs', [
    lazyBuiltins(['node:crypto', 'node:zlib', 'node:fs/promises']),
    listInputs(),
  ]),
);
