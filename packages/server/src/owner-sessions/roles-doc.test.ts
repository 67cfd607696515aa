import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OWNER_AREAS, OWNER_ROLE_IDS, OWNER_ROLES, roleCan } from './permissions.js';

const DOC = fileURLToPath(new URL('../../../../docs/roles.md', import.meta.url));
const START = '<!-- permission-table:start (generated from packages/server/src/owner-sessions/permissions.ts) -->';
const END = '<!-- permission-table:end -->';

/** The permission table of docs/roles.md: one row per role, one column per area. */
function permissionTable(): string {
  const header = `| role (spec id) | ${OWNER_AREAS.join(' | ')} |`;
  const rule = `|---|${OWNER_AREAS.map(() => '---').join('|')}|`;
  const rows = OWNER_ROLES.map((role) => {
    const cells = OWNER_AREAS.map((area) => (roleCan(role, `${area}:write`) ? 'write' : roleCan(role, `${area}:read`) ? 'read' : '—'));
    return `| ${role} (${OWNER_ROLE_IDS[role]}) | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

describe('docs/roles.md (issue 12 "Roles of spec 3 with a permission table in docs/")', () => {
  it('holds the permission table exactly as permissions.ts decides it (UPDATE_ROLES_DOC=1 rewrites it)', async () => {
    const doc = await readFile(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, 'docs/roles.md has the table markers').toBeGreaterThanOrEqual(0);
    const expected = `${doc.slice(0, start + START.length)}\n${permissionTable()}\n${doc.slice(end)}`;
    if (process.env.UPDATE_ROLES_DOC === '1') await writeFile(DOC, expected);
    expect(doc).toBe(expected);
  });

  it('numbers every role as spec 3 does and gives every spec role a name', () => {
    expect(Object.values(OWNER_ROLE_IDS).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(OWNER_ROLES.every((role) => roleCan(role, 'audit:read') === (role === 'admin'))).toBe(true);
    expect(OWNER_AREAS.some((area) => roleCan('none', `${area}:read`))).toBe(false);
  });
});
