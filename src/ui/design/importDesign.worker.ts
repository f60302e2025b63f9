/**
 * Import design…'s work off the main thread: reads the file, parses it and
 * infers the design (src/design importDesignBytes) in a Web Worker, so the tab
 * keeps answering clicks while a large model is read, and Cancel is
 * `worker.terminate()` (nothing was added: the design joins the list only
 * when the result arrives). Messages: see importDesignInWorker.ts.
 */
import { importDesignBytes } from '../../design';
import type { ImportWorkerReply, ImportWorkerRequest } from './importDesignInWorker';

const post = (reply: ImportWorkerReply) => self.postMessage(reply);

self.onmessage = async (event: MessageEvent<ImportWorkerRequest>) => {
  const { file } = event.data;
  let bytes: Uint8Array;
  try {
    post({ kind: 'phase', phase: 'reading' });
    // Bytes, not file.text(): text() would replace bytes that are not UTF-8 with U+FFFD; importDesignBytes refuses them.
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    post({ kind: 'unreadable', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  post({ kind: 'phase', phase: 'inferring' });
  post({ kind: 'result', result: importDesignBytes(bytes, file.name) });
};
