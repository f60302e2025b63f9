import { LEADERBOARD_DESIGN, SHOP_DESIGN } from './src/design';
import { generateEntityCode } from './src/codegen';
for (const d of [LEADERBOARD_DESIGN, SHOP_DESIGN]) {
const r = generateEntityCode(d, { library: 'electrodb' });
if (!r.ok) { console.log(r.message); } else for (const f of r.files) { console.log('=== ' + f.fileName); console.log(f.fileName.includes('keys') ? f.text.split('// ----')[0] : f.text); }
}
