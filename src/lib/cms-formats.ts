/**
 * The formats the editor writes the content files in, by the names cms-config.ts gives each collection
 * and our editor script registers them under (src/features/content-editor/content-format.ts): a save
 * changes the lines of the fields it changed, nothing else.
 */
export const contentFormats = { frontmatter: 'kayal-frontmatter', json: 'kayal-json' } as const;
