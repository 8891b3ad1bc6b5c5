/**
 * jsdom has HTMLDialogElement and its `open` attribute, but no showModal() or close(): without them
 * src/ui/Dialog.tsx never opens its <dialog>, which then stays display:none and out of the
 * accessibility tree. This stands in for the browser's own methods (the browser tests use the real
 * ones); it changes no product code.
 */
export function installDialogMethods(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & Record<string, unknown>;
  if (typeof proto.showModal !== "function") {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (typeof proto.show !== "function") {
    proto.show = function show(this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (typeof proto.close !== "function") {
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event("close"));
    };
  }
}
