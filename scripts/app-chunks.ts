/**
 * Which chunk each module of the build goes to. What the app's first screen needs (every
 * module index.html's entry imports, not lazily) goes into two chunks, its libraries and its own
 * code; what it shares with the prerendered welcome page's code (src/welcome/hydrate.tsx, which
 * that page's entry imports once the page is painted) into two more. A phone then asks
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

/**
 * Where each page's code starts: the app's HTML entry; the welcome page's HTML entry, which only
 * waits for the first paint; and the module that entry then imports to hydrate the page.
 */
type Start = "app" | "welcome-entry" | "welcome";
function pageStartingAt(id: string, info: ModuleInfo): Start | undefined {
  if (info.isEntry && /(^|[\\/])index\.html$/.test(id)) return "app";
  if (info.isEntry && /(^|[\\/])welcome\.html$/.test(id)) return "welcome-entry";
  if (/[\\/]src[\\/]welcome[\\/]hydrate\.tsx$/.test(id)) return "welcome";
  return undefined;
}

/** Where the code that reaches `id` through static imports starts. */
function entriesReaching(id: string, getModuleInfo: GetModuleInfo): Set<Start> {
  const found = new Set<Start>();
  const seen = new Set<string>([id]);
  const todo = [id];
  while (todo.length) {
    const current = todo.pop()!;
    const info = getModuleInfo(current);
    if (!info) continue;
    const page = pageStartingAt(current, info);
    if (page) found.add(page);
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
  // What the welcome page's first script needs (the stylesheet, the preload helper): the bundler's
  // own small chunk, so that script, which may run before the paint, needs nothing more.
  if (entries.has("welcome-entry")) return null;
  if (entries.has("welcome")) return library ? "common-libraries" : "common";
  return library ? "shell-libraries" : "shell";
}
