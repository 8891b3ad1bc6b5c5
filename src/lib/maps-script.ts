/**
 * Loads the maps script with the Places library (SPEC.md section 7: "A maps service provides place
 * autocomplete for addresses, restricted to US. It is loaded with an API key and optional
 * language"), once per page and only when asked, so only the contact-service route pays for it.
 * Resolves to true when `google.maps.places` is there, false without a key or when the script
 * fails to load: callers then show plain inputs.
 */
const CALLBACK = "__claimsPortalMapsReady";
let loading: Promise<boolean> | null = null;

declare global {
  interface Window {
    [CALLBACK]?: () => void;
  }
}

export function mapsPlacesReady(): boolean {
  return typeof google !== "undefined" && Boolean(google.maps?.places);
}

export function loadMapsScript(apiKey: string, language: string): Promise<boolean> {
  if (mapsPlacesReady()) return Promise.resolve(true);
  if (!apiKey) return Promise.resolve(false);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement("script");
    const params = new URLSearchParams({
      key: apiKey,
      libraries: "places",
      language,
      callback: CALLBACK,
      loading: "async",
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${params}`;
    script.async = true;
    window[CALLBACK] = () => resolve(mapsPlacesReady());
    script.onerror = () => {
      // A later visit may try again (the network came back).
      loading = null;
      script.remove();
      resolve(false);
    };
    document.head.append(script);
  });
  return loading;
}
