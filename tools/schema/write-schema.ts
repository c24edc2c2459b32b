/**
 * `npm run schema`: writes schemas/audit.sql's tables and docs/database.md's column tables from the catalog
 * (src/store/catalog.ts), keeping the file's views and the page's prose.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseDocFile, schemaFileText } from './text.js';

const root = join(import.meta.dirname, '..', '..', '..');
const sqlFile = join(root, 'schemas', 'audit.sql');
const docFile = join(root, 'docs', 'database.md');
writeFileSync(sqlFile, schemaFileText(readFileSync(sqlFile, 'utf8')));
writeFileSync(docFile, databaseDocFile(readFileSync(docFile, 'utf8')));
console.log(`wrote ${sqlFile} and ${docFile}`);
