// @vitest-environment jsdom
/**
 * Finding a plan from the invoice: the third choice, choosing a file, the reading with
 * its progress and Cancel, the verify form prefilled (or empty with a friendly line), its messages,
 * and the search it sends. The reader is replaced by one the test drives.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "./render-app.tsx";
import { searchFinding } from "./support-claim-server.ts";

type Fields = { firstName: string; lastName: string; invoiceNumber: string; email: string; phone: string; zip: string };
type Reading = {
  file: Blob;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  resolve: (fields: Fields) => void;
  reject: (error: unknown) => void;
};

const readings: Reading[] = [];
vi.mock("../../src/invoice/read-invoice.ts", () => ({
  readInvoice: (file: Blob, options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}) =>
    new Promise((resolve, reject) => {
      readings.push({ file, ...options, resolve: (fields) => resolve({ fields, source: "ocr" }), reject });
    }),
}));

const EMPTY: Fields = { firstName: "", lastName: "", invoiceNumber: "", email: "", phone: "", zip: "" };
const JANE: Fields = {
  firstName: "Jane",
  lastName: "Doe",
  invoiceNumber: "INV-100234",
  email: "",
  phone: "2125550134",
  zip: "10001",
};
const photo = () => new File([new Uint8Array(2048)], "receipt.jpg", { type: "image/jpeg" });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  readings.length = 0;
});
afterEach(() => vi.restoreAllMocks());

async function chooseAndRead(user: ReturnType<typeof userEvent.setup>, file: File = photo()) {
  await user.upload(await screen.findByLabelText("Choose a PDF or photo"), file);
  await screen.findByRole("heading", { name: "Reading your invoice" });
  await waitFor(() => expect(readings).toHaveLength(1));
  return readings[0]!;
}

describe("invoice search", () => {
  it("is the third choice on the method screen", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/select-search-method");
    await user.click(await screen.findByLabelText("Use my invoice or receipt"));
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/upload-invoice"));
    expect(await screen.findByRole("heading", { name: "Find your plan with your invoice" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Scan it with the camera" }));
    expect(await screen.findByLabelText("Open the camera")).toHaveAttribute("capture", "environment");
  });

  it("reads the chosen file with a progress bar, prefills the form and searches by invoice", async () => {
    const user = userEvent.setup();
    const { router, calls } = await renderApp("/find-claim/upload-invoice", { handlers: [searchFinding()] });
    const sent = () => calls.map((call) => call.body);
    const reading = await chooseAndRead(user);
    expect(router.state.location.pathname).toBe("/find-claim/upload-invoice/verify-info");
    expect(reading.file).toBeInstanceOf(File);
    reading.onProgress!(0.42);
    expect(await screen.findByText("42% read")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Reading receipt.jpg" })).toHaveAttribute("value", "42");
    reading.resolve(JANE);

    expect(await screen.findByRole("heading", { name: "Check the details from your invoice" })).toHaveFocus();
    expect(screen.getByText(/We filled in what we could read from receipt.jpg/)).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue("Jane");
    expect(screen.getByLabelText(/Last name/)).toHaveValue("Doe");
    expect(screen.getByLabelText("Invoice number")).toHaveValue("INV-100234");
    expect(screen.getByLabelText("Phone")).toHaveValue("(212) 555-0134");
    expect(screen.getByLabelText("Home ZIP code")).toHaveValue("10001");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/not-found"));
    expect(sent()).toEqual([
      {
        search_type: "search_plan_3",
        name_first: "Jane",
        name_last: "Doe",
        zip_code: "10001",
        invoice_number: "INV-100234",
      },
    ]);
    // Try Again goes back to the form, as it was sent.
    await user.click(await screen.findByRole("button", { name: "Try Again" }));
    expect(await screen.findByLabelText("Invoice number")).toHaveValue("INV-100234");
    // The try counter counts invoice searches like the others: the third failure offers Contact Service.
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(await screen.findByRole("button", { name: "Try Again" }));
    await user.click(await screen.findByRole("button", { name: "Search" }));
    expect(await screen.findByRole("button", { name: "Contact Service" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try Again" })).not.toBeInTheDocument();
    expect(sent()).toHaveLength(3);
  });

  it("opens the form empty with a friendly line when nothing was read, and asks for what is missing", async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp("/find-claim/upload-invoice");
    (await chooseAndRead(user)).resolve(EMPTY);
    expect(await screen.findByText(/We couldn't find your details in this file/)).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findAllByText("Required")).toHaveLength(2);
    expect(screen.getByText("Enter the invoice number, or an email or phone number")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "jane.doe@");
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says a failed reading kindly, in Spanish too", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await renderApp("/find-claim/upload-invoice", { locale: "es" });
    await user.upload(await screen.findByLabelText("Elegir un PDF o una foto"), photo());
    await waitFor(() => expect(readings).toHaveLength(1));
    readings[0]!.reject(new Error("Invalid PDF structure"));
    expect(await screen.findByRole("heading", { name: "Revise los datos de su factura" })).toBeInTheDocument();
    expect(screen.getByText(/No pudimos leer este archivo/)).toBeInTheDocument();
    // The cause is kept for whoever debugs it, in the console, not on the screen.
    expect(warn).toHaveBeenCalledWith("Reading the invoice failed", expect.any(Error));
  });

  it("refuses a file it cannot read, and Cancel stops a reading", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { router } = await renderApp("/find-claim/upload-invoice");
    await user.upload(
      await screen.findByLabelText("Choose a PDF or photo"),
      new File(["notes"], "notes.txt", { type: "text/plain" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This file can't be read. Choose a PDF or a photo (JPEG, PNG or HEIC).",
    );
    expect(readings).toHaveLength(0);
    const reading = await chooseAndRead(user);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/upload-invoice"));
    expect(reading.signal!.aborted).toBe(true);
  });
});
