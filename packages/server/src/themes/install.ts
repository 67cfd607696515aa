import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { compileStyles, resolveTweakValues, type ThemeFiles, type ThemeProblem, themeIdOf, readTheme } from '@emporium/theme';
import { themes, websites, type Db } from '../db/index.js';
import { type ActiveTheme, ThemeRefusedError, type ThemeRegistry } from './registry.js';

/** A theme as the dashboard and the command line list it. */
export interface ThemeListing {
  id: string;
  name: string;
  author: string;
  version: number;
  builtIn: boolean;
  layouts: { id: string; name: string }[];
  navigations: { name: string; title: string }[];
  installedAt?: string;
}

function listingOf(theme: ActiveTheme, installedAt?: Date): ThemeListing {
  const source = theme.compiled.source;
  return {
    id: theme.id,
    name: theme.name,
    author: theme.author,
    version: theme.version,
    builtIn: theme.builtIn,
    layouts: [...source.layouts.values()].map((l) => ({ id: l.id, name: l.name })),
    navigations: source.navigations.map((n) => ({ name: n.name, title: n.title })),
    ...(installedAt ? { installedAt: installedAt.toISOString() } : {}),
  };
}

/** Installed themes a site may use: those of the whole server and its own uploads (all of them without a site). */
function usableBy(websiteId: string | undefined) {
  return websiteId === undefined ? undefined : or(isNull(themes.websiteId), eq(themes.websiteId, websiteId));
}

/** The themes a site may use (every theme of the server without `websiteId`): the built-in ones first, then the installed ones by name. */
export async function listThemes(db: Db, registry: ThemeRegistry, websiteId?: string): Promise<ThemeListing[]> {
  const rows = await db
    .select({ id: themes.id, version: themes.version, installedAt: themes.installedAt })
    .from(themes)
    .where(usableBy(websiteId))
    .orderBy(themes.name);
  const installed: ThemeListing[] = [];
  for (const row of rows) {
    const theme = await registry.installedTheme(row.id, row.version);
    if (theme) installed.push(listingOf(theme, row.installedAt));
  }
  return [...registry.builtInThemes().map((t) => listingOf(t)), ...installed];
}

/** What an install did. */
export interface InstallResult {
  theme: ThemeListing;
  /** False when the same files were installed already (the version stays). */
  changed: boolean;
  /** Warnings of the check (errors refuse the install). */
  warnings: ThemeProblem[];
}

/**
 * Installs a theme, or updates the installed theme of the same id, in one transaction: the
 * files are checked and compiled first, stylesheets included (a theme with errors throws
 * {@link ThemeRefusedError} and nothing changes), stored as a zip with the version bumped when they changed, and every
 * site on that theme moves to the new version (their pages change at once, on every server).
 * A built-in theme's id cannot be taken. `id` defaults to the theme's name made into an id.
 */
export async function installTheme(
  db: Db,
  registry: ThemeRegistry,
  files: ThemeFiles,
  options: { id?: string; site?: { id: string; identifier: string } } = {},
): Promise<InstallResult> {
  const named = options.id ?? themeIdOf(readTheme(files).conf.name);
  const themeId = options.site ? `${options.site.identifier}--${named}`.slice(0, 96).replace(/-+$/, '') : named;
  if (registry.isBuiltIn(themeId)) {
    throw new ThemeRefusedError(themeId, [
      { file: 'template.conf', line: 1, column: 1, severity: 'error', message: `"${themeId}" is the id of a built-in theme; give the theme another name` },
    ]);
  }
  const checked = registry.compileFiles(files, themeId, 1);
  const source = checked.compiled.source;
  // Stylesheets compile with the defaults of their tweaks, as a site's first page would.
  const styles = await compileStyles(source.stylesheets, {
    values: resolveTweakValues(checked.compiled.tweaks, {}).values,
    tweaks: checked.compiled.tweaks,
    readFile: (path) => source.textFiles.get(path),
    assetUrl: (path) => source.assets.get(path.replace(/^\/+/, ''))?.url,
  });
  if (styles.problems.some((p) => p.severity === 'error')) throw new ThemeRefusedError(source.conf.name, styles.problems);
  const archive = Buffer.from(zipSync(Object.fromEntries([...files].map(([path, body]) => [path, new Uint8Array(body)])), { level: 6 }));
  const { version, changed } = await db.transaction(async (tx) => {
    const current = await tx
      .select({ version: themes.version, hash: themes.hash, websiteId: themes.websiteId })
      .from(themes)
      .where(eq(themes.id, themeId))
      .for('update');
    const before = current[0];
    if (before && before.websiteId !== (options.site?.id ?? null)) {
      throw new ThemeRefusedError(themeId, [
        { file: 'template.conf', line: 1, column: 1, severity: 'error', message: `a theme with the id "${themeId}" belongs to another owner` },
      ]);
    }
    if (before && before.hash === source.hash) return { version: before.version, changed: false };
    const next = (before?.version ?? 0) + 1;
    await tx
      .insert(themes)
      .values({
        id: themeId,
        websiteId: options.site?.id ?? null,
        name: source.conf.name,
        author: source.conf.author ?? '',
        version: next,
        hash: source.hash,
        archive,
      })
      .onConflictDoUpdate({
        target: themes.id,
        set: { name: source.conf.name, author: source.conf.author ?? '', version: next, hash: source.hash, archive, updatedAt: sql`now()` },
      });
    await tx
      .update(websites)
      .set({ settings: sql`jsonb_set(${websites.settings}, '{themeVersion}', to_jsonb(${next}::int))` })
      .where(sql`${websites.settings}->>'theme' = ${themeId}`);
    return { version: next, changed: true };
  });
  registry.forget(themeId);
  const theme = (await registry.installedTheme(themeId, version)) ?? checked;
  return { theme: listingOf(theme), changed, warnings: checked.compiled.problems.filter((p) => p.severity === 'warning') };
}

/** Makes a site render with a theme (built in or installed); false when there is no such theme. */
export async function selectTheme(db: Db, registry: ThemeRegistry, websiteId: string, themeId: string): Promise<boolean> {
  let version = 0;
  if (!registry.isBuiltIn(themeId)) {
    const rows = await db
      .select({ version: themes.version })
      .from(themes)
      .where(and(eq(themes.id, themeId), usableBy(websiteId)))
      .limit(1);
    if (!rows[0]) return false;
    version = rows[0].version;
  }
  const patch = JSON.stringify({ theme: themeId, themeVersion: version });
  const updated = await db
    .update(websites)
    .set({ settings: sql`${websites.settings} || ${patch}::jsonb` })
    .where(eq(websites.id, websiteId))
    .returning({ id: websites.id });
  return updated.length > 0;
}

/** Stores a site's tweak values for one theme (already validated), replacing the earlier ones. */
export async function saveTweakValues(db: Db, websiteId: string, themeId: string, values: Readonly<Record<string, string>>): Promise<void> {
  await db
    .update(websites)
    .set({
      settings: sql`jsonb_set(${websites.settings} || jsonb_build_object('themeTweaks', coalesce(${websites.settings}->'themeTweaks', '{}'::jsonb)), ARRAY['themeTweaks', ${themeId}]::text[], ${JSON.stringify(values)}::jsonb)`,
    })
    .where(eq(websites.id, websiteId));
}
