import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import {
  type CompiledTheme,
  compileTheme,
  hasErrors,
  readTheme,
  readThemeDir,
  readThemeZip,
  type ThemeAsset,
  type ThemeFiles,
  type ThemeProblem,
} from '@emporium/theme';
import type { Engine } from '@emporium/template';
import { DEFAULT_THEME_DIR } from '@emporium/theme-default';
import { themes, type Db } from '../db/index.js';

/** The id of the theme every site starts on. */
export const DEFAULT_THEME_ID = 'default';

/** A compiled theme as the page pipeline uses it. */
export interface ActiveTheme {
  readonly id: string;
  /** 0 for a built-in theme, else the installed version. */
  readonly version: number;
  readonly name: string;
  readonly author: string;
  readonly builtIn: boolean;
  readonly compiled: CompiledTheme;
  /** Assets and scripts by public URL (`/assets/logo.3fa2c1d0e9.svg`). */
  readonly assetsByUrl: ReadonlyMap<string, ThemeAsset>;
}

/** A theme that did not compile: nothing of it is used. */
export class ThemeRefusedError extends Error {
  override name = 'ThemeRefusedError';
  constructor(
    readonly themeName: string,
    readonly problems: readonly ThemeProblem[],
  ) {
    const errors = problems.filter((p) => p.severity === 'error');
    super(
      `Theme "${themeName}" has ${errors.length} error(s): ${errors
        .slice(0, 5)
        .map((p) => `${p.file}:${p.line} ${p.message}`)
        .join('; ')}`,
    );
  }
}

/** Installed themes compiled and kept in memory at most (least recently used dropped first). */
const MAX_INSTALLED_IN_MEMORY = 32;

function active(compiled: CompiledTheme, id: string, version: number, builtIn: boolean): ActiveTheme {
  const assetsByUrl = new Map<string, ThemeAsset>();
  for (const asset of compiled.source.assets.values()) assetsByUrl.set(asset.url, asset);
  return Object.freeze({ id, version, name: compiled.source.conf.name, author: compiled.source.conf.author ?? '', builtIn, compiled, assetsByUrl });
}

/** The folders of the themes that ship with Emporium, by id. */
export function builtInThemeDirs(): Record<string, string> {
  const dirs: Record<string, string> = { [DEFAULT_THEME_ID]: DEFAULT_THEME_DIR };
  try {
    const magazine = dirname(createRequire(import.meta.url).resolve('@emporium/theme-magazine/package.json'));
    if (existsSync(`${magazine}/template.conf`)) dirs.magazine = magazine;
  } catch {
    // Not installed: the server runs with the themes it has.
  }
  return dirs;
}

/**
 * The themes of this server: the built-in ones, compiled at start, and the installed ones
 * (table `themes`), compiled once per version when a site first asks for them. A site names
 * its theme in `settings.theme` and the version in `settings.themeVersion`; a theme that is
 * gone or broken falls back to the default theme, so a visitor never meets a broken page.
 */
export class ThemeRegistry {
  private readonly builtIns = new Map<string, ActiveTheme>();
  private readonly installed = new Map<string, Promise<ActiveTheme | undefined>>();
  /** A theme every site renders with, whatever it chose (`emporium dev --theme`). */
  private forced: ActiveTheme | undefined;

  constructor(
    readonly engine: Engine,
    private readonly db: Db,
    dirs: Readonly<Record<string, string>> = builtInThemeDirs(),
  ) {
    for (const [id, dir] of Object.entries(dirs)) this.builtIns.set(id, this.compileFiles(readThemeDir(dir), id, 0, true));
    if (!this.builtIns.has(DEFAULT_THEME_ID)) throw new Error('The theme registry needs the default theme');
  }

  /**
   * Compiles files into a theme; throws {@link ThemeRefusedError} when it has errors. Themes
   * that are not built in print bare variables escaped (`escapeBareVariables` in @emporium/theme).
   */
  compileFiles(files: ThemeFiles, id: string, version: number, builtIn = false, ours = builtIn): ActiveTheme {
    const compiled = compileTheme(this.engine, readTheme(files, id, { escapeBareVariables: !ours }));
    if (hasErrors(compiled.problems)) throw new ThemeRefusedError(compiled.source.conf.name, compiled.problems);
    return active(compiled, id, version, builtIn);
  }

  /** Makes every site render with the theme of `files` (the designer's development server). */
  force(files: ThemeFiles, id = 'dev'): ActiveTheme {
    this.forced = this.compileFiles(files, id, 0, true, false);
    return this.forced;
  }

  get defaultTheme(): ActiveTheme {
    return this.builtIns.get(DEFAULT_THEME_ID)!;
  }

  builtInThemes(): ActiveTheme[] {
    return [...this.builtIns.values()];
  }

  isBuiltIn(id: string): boolean {
    return this.builtIns.has(id);
  }

  /** The theme a site renders with: its choice at its version, or the default theme. */
  async forSettings(settings: { theme?: unknown; themeVersion?: unknown }): Promise<ActiveTheme> {
    if (this.forced) return this.forced;
    const id = typeof settings.theme === 'string' ? settings.theme : DEFAULT_THEME_ID;
    const builtIn = this.builtIns.get(id);
    if (builtIn) return builtIn;
    const version = typeof settings.themeVersion === 'number' ? settings.themeVersion : undefined;
    return (await this.installedTheme(id, version)) ?? this.defaultTheme;
  }

  /** An installed theme at a version (default: the stored one), compiled once; undefined when missing or broken. */
  async installedTheme(id: string, version?: number): Promise<ActiveTheme | undefined> {
    const key = `${id}@${version ?? 'latest'}`;
    const hit = this.installed.get(key);
    if (hit) {
      this.installed.delete(key);
      this.installed.set(key, hit);
      return hit;
    }
    const loading = (async () => {
      const rows = await this.db.select().from(themes).where(eq(themes.id, id)).limit(1);
      const row = rows[0];
      if (!row || (version !== undefined && row.version !== version && row.version < version)) return undefined;
      try {
        return this.compileFiles(readThemeZip(row.archive), row.id, row.version);
      } catch {
        return undefined;
      }
    })();
    this.installed.set(key, loading);
    loading.then((theme) => {
      if (!theme || version === undefined) this.installed.delete(key);
    });
    while (this.installed.size > MAX_INSTALLED_IN_MEMORY) this.installed.delete(this.installed.keys().next().value!);
    return loading;
  }

  /** Forgets compiled installed themes (after an install on this server). */
  forget(id: string): void {
    for (const key of [...this.installed.keys()]) if (key.startsWith(`${id}@`)) this.installed.delete(key);
  }
}
