// Fails when src/shared/api/schema.d.ts is not what openapi-typescript
// generates from the committed API document (src/shared/api/openapi.json,
// itself checked against the server by crates/server/tests/api_contract.rs).
// Regenerate both with `bash scripts/api-types.sh` from the repository root.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'onyx-api-'));
const fresh = join(dir, 'schema.d.ts');
try {
  execFileSync('npx', ['openapi-typescript', 'src/shared/api/openapi.json', '-o', fresh], { stdio: 'ignore' });
  const committed = readFileSync('src/shared/api/schema.d.ts', 'utf8');
  if (readFileSync(fresh, 'utf8') !== committed) {
    console.error('src/shared/api/schema.d.ts is out of date: run `bash scripts/api-types.sh` and commit the result.');
    process.exit(1);
  }
  console.log('API types match the API document.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
