/**
 * Which chunk each module of the build goes to (issue 12). What the app's first screen needs (every
 * module index.html's entry imports, not lazily) goes into two chunks, its libraries and its own
 * code; what it shares with the prerendered welcome page's entry into two more. A phone then asks
 * for four scripts rather than some thirty, over an HTTP/1.1 connection or six, and parses as many
 * preload links. Lazily loaded modules (routes, wizard steps, upload and reading code) are left to
 * the bundler's own splitting, by which screens use them.
 */

/** The part of rolldown's ModuleInfo this needs. */
interface ModuleInfo {
  isEntry: boolean;
  importers: string[];
}
type GetModuleInfo = (id: string) => ModuleInfo | null;

const ENTRIES: Record<string, "app" | "welcome"> = { "index.html": "app", "welcome.html": "welcome" };

/** The entries (app, welcome) whose static imports reach `id`. */
function entriesReaching(id: string, getModuleInfo: GetModuleInfo): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>([id]);
  const todo = [id];
  while (todo.length) {
    const current = todo.pop()!;
    const info = getModuleInfo(current);
    if (!info) continue;
    const entry = info.isEntry ? ENTRIES[current.replace(/^.*[\\/]/, "")] : undefined;
    if (entry) found.add(entry);
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      todo.push(importer);
    }
  }
  return found;
}

/** A codeSplitting group's `name`: the module's chunk, or null to leave it to the bundler. */
export function appChunkName(id: string, context: { getModuleInfo: GetModuleInfo }): string | null {
  // A method of the bundler's context, not a free function.
  const getModuleInfo: GetModuleInfo = (other) => context.getModuleInfo(other);
  // The page's own script stays its entry chunk, which the HTML loads and which preloads the rest.
  if (getModuleInfo(id)?.importers.some((importer) => importer.endsWith(".html"))) return null;
  const entries = entriesReaching(id, getModuleInfo);
  if (!entries.has("app")) return null;
  const library = /[\\/]node_modules[\\/]/.test(id);
  if (entries.has("welcome")) return library ? "common-libraries" : "common";
  return library ? "shell-libraries" : "shell";
}
