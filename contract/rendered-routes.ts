/**
 * App routes the build renders whole, once per language, as the app draws them
 * (scripts/prerender-pages.ts), and the server sends for their address (src/server/app-page.ts);
 * the app then hydrates them (src/main.tsx). A route belongs here only if its page is the same for
 * everyone (no loader, nothing from storage) and is often a visit's first page. The method screen
 * is where every search starts and where the welcome page's Start leads.
 */
export const RENDERED_ROUTES = ["/find-claim/select-search-method"] as const;

/** The attribute on #root of a rendered route's page: the app hydrates the markup it holds. */
export const RENDERED_ROUTE_ATTRIBUTE = "data-rendered-route";

/** The app's empty root in a page template, which a page's markup fills. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The folder of the build (beside the portal's files, never served) holding what the server
 * renders pages with: the renderer (`render.js`, src/welcome/render.tsx built for Node with every
 * library in it) and the page it renders into (`page.html`).
 */
export const RENDERER_DIR = "renderer";

/**
 * `template` (a built page with an empty ROOT_ELEMENT) in `locale`, its root holding `markup`.
 * @param rootAttributes added to the root element, e.g. ` data-rendered-route`
 */
export function pageWithRoot(template: string, locale: string, markup: string, rootAttributes = ""): string {
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
    .replace(ROOT_ELEMENT, () => `<div id="root"${rootAttributes}>${markup}</div>`);
}

/** The bundle's file for a rendered route's page in a language, e.g. find-claim/select-search-method.es.html. */
export function renderedRouteFile(path: string, locale: string): string {
  return `${path.slice(1)}.${locale}.html`;
}
