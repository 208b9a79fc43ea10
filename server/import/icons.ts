// The import's category looks (issue 20 item 3, the shared contract in HELPERS.md): a category may
// carry `color` ('#RRGGBB') and `iconImage`, a PNG or WebP file named relative to the import file, at
// most 256 KiB, re-encoded by sharp to a 64×64 WebP as an admin upload is (images/category-icon.ts).
// The files are read and checked before the database is opened (`prepareImportIcons`), so a bad icon
// refuses the whole file with its JSON pointer; `applyCategoryLooks` writes a category's looks inside
// the import's one transaction (import.ts calls it once per category).
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { prepareCategoryIcon, type CategoryIcon } from '../images/category-icon';
import type { ImportFile } from './format';
import { ImportError } from './import';

type ImportCategory = ImportFile['categoryGroups'][number]['categories'][number];

/** The prepared icon of each category object of a checked file (filled by prepareImportIcons). */
const prepared = new WeakMap<ImportCategory, CategoryIcon>();

/**
 * Reads, checks and re-encodes every category's `iconImage` (relative to `baseDir`, the import file's
 * folder; the same file named twice is read once). Throws an ImportError at the category's
 * `/iconImage` pointer for a missing, unreadable, too large, wrong-type or corrupt file.
 */
export async function prepareImportIcons(file: ImportFile, baseDir: string): Promise<number> {
  const byPath = new Map<string, Promise<CategoryIcon>>();
  let n = 0;
  for (const [gi, g] of file.categoryGroups.entries()) {
    for (const [ci, c] of g.categories.entries()) {
      if (!c.iconImage) continue;
      const at = `/categoryGroups/${gi}/categories/${ci}/iconImage`;
      if (isAbsolute(c.iconImage)) throw new ImportError(at, `아이콘 경로는 가져오기 파일에 대한 상대 경로여야 합니다 ("${c.iconImage}")`);
      const path = resolve(baseDir, c.iconImage);
      let job = byPath.get(path);
      if (!job) {
        job = readFile(path).then(prepareCategoryIcon);
        byPath.set(path, job);
      }
      try {
        prepared.set(c, await job);
        n++;
      } catch (e) {
        if (e instanceof ApiError) throw new ImportError(at, `${c.iconImage}: ${e.messageTranslated}`);
        const code = (e as NodeJS.ErrnoException).code;
        if (code) throw new ImportError(at, `${c.iconImage}: 아이콘 파일을 읽을 수 없습니다 (${code})`);
        throw e;
      }
    }
  }
  return n;
}

/** Writes category `id`'s colour and prepared icon (those the file gives; others are left as they are). */
export async function applyCategoryLooks(tx: Db, id: number, c: ImportCategory): Promise<void> {
  const icon = c.iconImage ? prepared.get(c) : undefined;
  if (c.iconImage && !icon) throw new Error(`import: the icon of category "${c.name}" was not prepared (prepareImportIcons)`);
  if (c.color === undefined && !icon) return;
  await tx.query(
    `update categories set color = case when $2 then $3 else color end,
            icon_webp = coalesce($4, icon_webp), icon_hash = coalesce($5, icon_hash) where id = $1`,
    [id, c.color !== undefined, c.color?.toLowerCase() ?? null, icon?.webp ?? null, icon?.hash ?? null],
  );
}
