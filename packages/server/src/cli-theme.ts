import type { Db } from './db/index.js';
import { createTemplateEngine } from './pages/index.js';
import { findWebsiteByIdentifier, listWebsites } from './sites/index.js';
import { DEFAULT_THEME_ID, installTheme, listThemes, selectTheme, ThemeRefusedError, ThemeRegistry } from './themes/index.js';
import { checkTheme, problemLines, problemSummary, readThemeAt, reloadOnChange, type ThemeAtPath, type ThemeReloading } from './themes-dev/index.js';

/** Where the theme commands write: the command line's output and error streams. */
export interface ThemeCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Most site identifiers `theme list` names for one theme. */
const SITES_NAMED = 5;

/**
 * `emporium theme check PATH`: compiles every template and stylesheet of the theme folder or
 * .zip file with the server's template engine and prints its problems, then a summary. Exit
 * code 1 when a problem is an error (or nothing can be read), else 0. Opens no database.
 */
export async function themeCheckCommand(path: string, io: ThemeCommandIo): Promise<number> {
  const theme = readThemeAt(path);
  const check = await checkTheme(createTemplateEngine(), theme.files);
  for (const line of problemLines(check.problems, theme.shownPath)) io.out(line);
  io.out(problemSummary(check.problems, check.name));
  return check.ok ? 0 : 1;
}

/**
 * `emporium theme install PATH [--site S]`: checks the theme as `theme check` does, installs it
 * for every site of the server (or updates the installed theme of the same id, whose sites move
 * to the new version) and, with a site, makes that site render with it. A theme with errors, or
 * an unknown site, changes nothing (exit code 1).
 */
export async function themeInstallCommand(db: Db, theme: ThemeAtPath, siteIdentifier: string | undefined, io: ThemeCommandIo): Promise<number> {
  const site = siteIdentifier === undefined ? undefined : await findWebsiteByIdentifier(db, siteIdentifier);
  if (siteIdentifier !== undefined && !site) {
    io.err(`No site with identifier '${siteIdentifier}'. Nothing was installed.`);
    return 1;
  }
  const registry = new ThemeRegistry(createTemplateEngine(), db);
  const check = await checkTheme(registry.engine, theme.files);
  const refuse = (problems: typeof check.problems, name: string): number => {
    for (const line of problemLines(problems, theme.shownPath)) io.err(line);
    io.err(`${problemSummary(problems, name)} Nothing was installed.`);
    return 1;
  };
  if (!check.ok) return refuse(check.problems, check.name);
  let installed: Awaited<ReturnType<typeof installTheme>>;
  try {
    installed = await installTheme(db, registry, theme.files);
  } catch (error) {
    if (error instanceof ThemeRefusedError) return refuse(error.problems, error.themeName);
    throw error;
  }
  for (const line of problemLines(check.problems, theme.shownPath)) io.out(line);
  const { id, name, version } = installed.theme;
  io.out(installed.changed ? `Installed "${name}" (${id}) version ${version}.` : `"${name}" is already installed at version ${version} (no change).`);
  if (site) {
    await selectTheme(db, registry, site.id, id);
    io.out(`Site '${site.identifier}' now renders with "${name}".`);
  }
  return 0;
}

function sitesUsing(identifiers: readonly string[] | undefined): string {
  if (!identifiers?.length) return 'no sites';
  const named = identifiers.slice(0, SITES_NAMED).join(', ');
  const more = identifiers.length > SITES_NAMED ? ` and ${identifiers.length - SITES_NAMED} more` : '';
  return `${identifiers.length} site${identifiers.length === 1 ? '' : 's'}: ${named}${more}`;
}

/**
 * `emporium theme list`: every theme of the server, built in first, one a line: id, name,
 * `built in` or `installed, version N`, and the sites rendering with it (a site whose theme is
 * gone renders with the default theme, and is counted there).
 */
export async function themeListCommand(db: Db, io: ThemeCommandIo): Promise<number> {
  const registry = new ThemeRegistry(createTemplateEngine(), db);
  const listed = await listThemes(db, registry);
  const ids = new Set(listed.map((theme) => theme.id));
  const users = new Map<string, string[]>();
  for (const site of await listWebsites(db)) {
    const id = ids.has(site.settings.theme) ? site.settings.theme : DEFAULT_THEME_ID;
    users.set(id, [...(users.get(id) ?? []), site.identifier]);
  }
  for (const theme of listed) {
    const kind = theme.builtIn ? 'built in' : `installed, version ${theme.version}`;
    io.out(`${theme.id}\t${theme.name}\t${kind}\t${sitesUsing(users.get(theme.id))}`);
  }
  return 0;
}

/** What `emporium dev` adds to a server start: a registry forced to the folder's theme, and the folder's watch. */
export interface ThemeDevStart {
  themes: (db: Db) => ThemeRegistry;
  listening: (db: Db) => ThemeReloading;
}

/**
 * Checks the theme folder of `emporium dev` before anything opens: with errors it prints them
 * and gives undefined (the server does not start); else what the server start needs to render
 * every site with the theme and reload it as its files change.
 */
export async function themeDevStart(dir: string, theme: ThemeAtPath, io: ThemeCommandIo): Promise<ThemeDevStart | undefined> {
  const engine = createTemplateEngine();
  const check = await checkTheme(engine, theme.files);
  for (const line of problemLines(check.problems, theme.shownPath)) (check.ok ? io.out : io.err)(line);
  if (!check.ok) {
    io.err(`${problemSummary(check.problems, check.name)} The development server did not start.`);
    return undefined;
  }
  let registry: ThemeRegistry | undefined;
  return {
    themes: (db) => {
      registry = new ThemeRegistry(engine, db);
      registry.force(theme.files);
      return registry;
    },
    listening: (db) => {
      io.out(`Development server: every site renders with "${check.name}" from ${dir}, compiled again when its files change. Not for production.`);
      return reloadOnChange({ dir, files: theme.files, registry: registry!, db, out: io.out, err: io.err });
    },
  };
}
