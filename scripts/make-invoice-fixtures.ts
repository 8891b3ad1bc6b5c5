/**
 * Makes the demo invoices for "Find my plan from my receipt" in test/fixtures/invoices/:
 * for each demo customer below, an invoice in the layout of a (fictional) furniture retailer,
 * printed to a text-layer PDF by the project's Chromium, and for some a phone-style photo of the
 * printed page (a JPEG of the page lying on a table, turned a little, in perspective, with a
 * shadow, a little blur and grain), plus one scanned PDF (the photo inside a PDF, no text layer).
 * manifest.json lists what each file should read as (the customer's fields from server/seed/seed-data.ts).
 *
 * Run: npm exec -- tsx scripts/make-invoice-fixtures.ts   (about 10 s; rewrites every file)
 */
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { DEMO_PLANS, type DemoPlan } from "../server/seed/seed-data.ts";
import { launchChromium } from "./chromium.ts";
import type { InvoiceFields } from "../src/invoice/extract-fields.ts";

const OUT = fileURLToPath(new URL("../test/fixtures/invoices/", import.meta.url));

/** What a fixture must read as: the verify form's fields (src/invoice/extract-fields.ts). */
type Expected = InvoiceFields;

/** The plans of one invoice, at least one. */
type Plans = [DemoPlan, ...DemoPlan[]];

interface Invoice {
  /** File stem: <first>-<last>-invoice. */
  stem: string;
  layout: (plans: Plans) => string;
  invoice: string;
  /** Also photograph it: tilt in degrees, a light direction. */
  photo?: { tilt: number; lean: number };
  scan?: boolean;
}

const INVOICES: Invoice[] = [
  { stem: "jane-doe-invoice", invoice: "INV-100234", layout: mapleAndOak, photo: { tilt: -2.2, lean: 5 }, scan: true },
  { stem: "carlos-rivera-invoice", invoice: "INV-200871", layout: suncoast, photo: { tilt: 1.6, lean: -4 } },
  { stem: "dana-reyes-invoice", invoice: "INV-400112", layout: harborview },
  { stem: "maria-lopez-invoice", invoice: "INV-300455", layout: laEstrella, photo: { tilt: 2.4, lean: 3 } },
  { stem: "nora-stone-invoice", invoice: "INV-800417", layout: roseCity },
  { stem: "paul-iverson-invoice", invoice: "INV-500333", layout: goldenGate },
];

const money = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const esDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const PAGE_CSS = `
  @page { size: Letter; margin: 0.5in; }
  * { box-sizing: border-box; }
  body { margin: 0; color: #1b1b1b; font: 14px/1.45 "DejaVu Sans", Arial, sans-serif; background: #fff; }
  .sheet { width: 7.5in; padding: 0.1in; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 5px 6px; vertical-align: top; }
  .num { text-align: right; }
  .muted { color: #555; }
  h1, h2, h3 { margin: 0; }
`;

const page = (body: string, css = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${PAGE_CSS}${css}</style></head><body><div class="sheet">${body}</div></body></html>`;

function itemRows(plans: DemoPlan[], cells: (item: DemoPlan["items"][number]) => string): string {
  return plans.flatMap((plan) => plan.items.map((item) => `<tr>${cells(item)}</tr>`)).join("");
}

/** A big-box showroom: letterhead left, invoice box right, Bill To beside Ship To. */
function mapleAndOak([plan]: Plans): string {
  const c = plan.customer;
  const address = `${esc(c.address)}<br>${c.city}, ${c.state} ${c.zip}`;
  return page(
    `<table><tr>
      <td><h1 style="font-family:'DejaVu Serif',serif;font-size:26px;letter-spacing:1px">MAPLE &amp; OAK</h1>
        <div>HOME FURNISHINGS</div>
        <div class="muted">1250 Broadway, New York, NY 10018<br>Tel (212) 555-0100 &middot; hello@mapleandoak.example</div></td>
      <td style="width:3in"><h2 style="font-size:22px">INVOICE</h2>
        <div>Invoice #: ${plan.invoice}</div><div>Invoice Date: ${usDate(plan.purchaseDate)}</div><div>Store: ${plan.store}</div><div>Salesperson: R. Patel</div></td>
    </tr></table>
    <table style="margin-top:22px"><tr>
      <td style="width:50%"><b>BILL TO</b><br>${c.firstName} ${c.lastName}<br>${address}<br>Phone: ${c.phone}<br>${c.email}</td>
      <td><b>SHIP TO</b><br>${c.firstName} ${c.lastName}<br>${address}<br>Delivery: ${usDate(plan.deliveryDate)}</td>
    </tr></table>
    <table style="margin-top:22px" class="items"><tr style="border-bottom:2px solid #333"><th>SKU</th><th>Description</th><th class="num">Qty</th><th class="num">Amount</th></tr>
      ${itemRows([plan], (i) => `<td>${i.sku}</td><td>${esc(i.description)}</td><td class="num">${i.quantity}</td><td class="num">${money(i.price * i.quantity)}</td>`)}
      <tr><td></td><td>${plan.programName}<br><span class="muted">Plan ${plan.number}</span></td><td class="num">1</td><td class="num">${money(plan.warrantyProgramPrice)}</td></tr>
    </table>
    <p style="text-align:right;font-size:16px"><b>Total ${money(plan.totalPrice + plan.warrantyProgramPrice)}</b></p>
    <p class="muted" style="margin-top:28px">Questions? Call us at 1-800-555-0142 or write to service@mapleandoak.example. Thank you for shopping with us.</p>`,
  );
}

/** A regional chain: Sales Order and Invoice No., "Sold To" as LAST, FIRST, a list of plans. */
function suncoast(plans: Plans): string {
  const [plan] = plans;
  const c = plan.customer;
  return page(
    `<div style="border-bottom:4px solid #0a6e8a;padding-bottom:8px"><h1 style="color:#0a6e8a;font-size:28px">Suncoast Living</h1>
      <div class="muted">Furniture &amp; Mattress &middot; Store ${plan.store} &middot; 7800 Coral Way, Miami, FL 33155 &middot; (305) 555-0111</div></div>
    <table style="margin-top:14px"><tr>
      <td>Sales Order: SO-${plan.dealerId}-5581</td><td>Invoice No. ${plan.invoice}</td><td>Date ${usDate(plan.purchaseDate)}</td></tr></table>
    <div style="margin-top:14px;border:1px solid #999;padding:8px;width:4in">
      <div>Sold To: ${c.lastName.toUpperCase()}, ${c.firstName.toUpperCase()}</div>
      <div>${esc(c.address.toUpperCase())}</div><div>${c.city.toUpperCase()}, ${c.state} ${c.zip}</div>
      <div>Tel ${c.phone.replace(/[()]/g, "").replace(" ", ".").replace("-", ".")}</div><div>${c.email}</div></div>
    <table style="margin-top:16px;border:1px solid #999"><tr style="background:#e4f1f5"><th>Item</th><th>Description</th><th class="num">Price</th></tr>
      ${itemRows(plans, (i) => `<td>${i.modelNumber}</td><td>${esc(i.description)} (${i.quantity})</td><td class="num">${money(i.price * i.quantity)}</td>`)}
      ${plans.map((p) => `<tr><td>${p.number}</td><td>${p.programName}</td><td class="num">${money(p.warrantyProgramPrice)}</td></tr>`).join("")}
    </table>
    <p class="muted" style="margin-top:24px">Customer Service 1-800-555-0199 &middot; help@suncoastliving.example</p>`,
  );
}

/** A gallery store: the invoice facts in a table head, the customer under "Customer". */
function harborview([plan]: Plans): string {
  const c = plan.customer;
  return page(
    `<h1 style="font-family:'DejaVu Serif',serif;font-weight:normal;font-size:30px">Harborview Furniture Gallery</h1>
    <div class="muted">88 Atlantic Ave, Boston, MA 02110 &middot; (617) 555-0190</div>
    <table style="margin-top:18px;border:1px solid #444"><tr style="background:#eee"><th>Invoice Number</th><th>Date</th><th>Customer #</th><th>Store</th></tr>
      <tr><td>${plan.invoice}</td><td>${usDate(plan.purchaseDate)}</td><td>C-${plan.dealerId}7</td><td>${plan.store}</td></tr></table>
    <div style="margin-top:18px"><b>Customer</b><br>${c.firstName} ${c.lastName}<br>${esc(c.address)}<br>${c.city}, ${c.state} ${c.zip}<br>${c.phone} &middot; ${c.email}</div>
    <table style="margin-top:18px"><tr style="border-bottom:1px solid #444"><th>Description</th><th class="num">Amount</th></tr>
      ${itemRows([plan], (i) => `<td>${esc(i.description)}</td><td class="num">${money(i.price)}</td>`)}
      <tr><td>${plan.programName} &middot; ${plan.number}</td><td class="num">${money(plan.warrantyProgramPrice)}</td></tr></table>`,
  );
}

/** A Spanish-language store's receipt, narrow like a till roll. */
function laEstrella([plan]: Plans): string {
  const c = plan.customer;
  return page(
    `<div style="width:4.2in;margin:0 auto;font-family:'DejaVu Sans Mono',monospace;font-size:14px">
      <div style="text-align:center"><b style="font-size:20px">MUEBLERÍA LA ESTRELLA</b><br>2400 Navigation Blvd<br>Houston, TX 77003<br>Tel. (713) 555-0177</div>
      <p>Factura N.º ${plan.invoice}<br>Fecha: ${esDate(plan.purchaseDate)}<br>Tienda: ${plan.store}</p>
      <p>Cliente: ${c.firstName} ${c.lastName}<br>${esc(c.address)}<br>${c.city}, ${c.state} ${c.zip}<br>Teléfono: ${c.phone}<br>Correo: ${c.email}</p>
      <table>${itemRows([plan], (i) => `<td>${esc(i.type)}</td><td class="num">${money(i.price)}</td>`)}
        <tr><td>Plan de protección ${plan.number}</td><td class="num">${money(plan.warrantyProgramPrice)}</td></tr></table>
      <p style="text-align:center">¡Gracias por su compra!</p></div>`,
    "",
  ).replace('lang="en"', 'lang="es"');
}

/** A point-of-sale receipt: Receipt #, Customer as LAST, FIRST. */
function roseCity([plan]: Plans): string {
  const c = plan.customer;
  return page(
    `<h2 style="font-size:24px">ROSE CITY HOME</h2><div>Portland Showroom &middot; 1020 SE Hawthorne Blvd, Portland, OR 97214</div>
    <hr><div>Receipt # ${plan.invoice}</div><div>Date: ${usDate(plan.purchaseDate)}  Register 3</div>
    <div>Customer: ${c.lastName.toUpperCase()}, ${c.firstName.toUpperCase()}</div>
    <div>Phone: ${c.phone}</div><div>Email: ${c.email}</div><div>Ship To: ${esc(c.address)}, ${c.city}, ${c.state} ${c.zip}</div><hr>
    <table>${itemRows([plan], (i) => `<td>${esc(i.description)}</td><td class="num">${money(i.price)}</td>`)}
      <tr><td>Protection plan ${plan.number}</td><td class="num">${money(plan.warrantyProgramPrice)}</td></tr></table>`,
  );
}

/** An online order's invoice: store left, customer right, Order # beside Invoice. */
function goldenGate([plan]: Plans): string {
  const c = plan.customer;
  return page(
    `<table><tr><td><h2>Golden Gate Sofa Co.</h2><div class="muted">2 Embarcadero Center<br>San Francisco, CA 94111<br>(415) 555-0102<br>orders@goldengatesofa.example</div></td>
      <td style="width:3.2in"><b>Sold To</b><br>${c.firstName} ${c.lastName}<br>${esc(c.address)}<br>${c.city}, ${c.state} ${c.zip}<br>${c.phone}<br>${c.email}</td></tr></table>
    <table style="margin-top:20px"><tr><td>Order # GG-${plan.dealerId}-${plan.programId}</td><td>Invoice: ${plan.invoice}</td><td>Ordered ${usDate(plan.purchaseDate)}</td></tr></table>
    <table style="margin-top:16px"><tr><th>Item</th><th class="num">Price</th></tr>
      ${itemRows([plan], (i) => `<td>${esc(i.description)}</td><td class="num">${money(i.price)}</td>`)}
      <tr><td>${plan.programName} (${plan.number})</td><td class="num">${money(plan.warrantyProgramPrice)}</td></tr></table>`,
  );
}

/**
 * The printed page on a table, photographed: the page rendered as an image, then drawn turned
 * and in perspective over a wood-like background with a shadow, a little blur and grain.
 */
function photoScene(pageImage: string, { tilt, lean }: { tilt: number; lean: number }): string {
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: 1000px; height: 1250px; overflow: hidden; }
    body { background: repeating-linear-gradient(${92 + lean}deg, #6b4a2f 0 18px, #74523a 18px 31px, #5f412a 31px 44px); }
    .light { position: absolute; inset: 0; background: radial-gradient(circle at ${50 + lean * 4}% 30%, rgba(255,250,235,0.35), rgba(0,0,0,0.35) 80%); }
    .paper { position: absolute; left: 60px; top: 45px; width: 880px; transform-origin: 50% 50%;
      transform: perspective(1800px) rotateX(${Math.abs(lean) / 1.5}deg) rotateY(${lean / 3}deg) rotate(${tilt}deg);
      box-shadow: ${lean * 2}px 14px 28px rgba(0,0,0,0.55); filter: blur(0.55px) brightness(0.96) sepia(0.08); }
    .paper img { display: block; width: 100%; }
    .grain { position: absolute; inset: 0; opacity: 0.16; mix-blend-mode: multiply; }
  </style></head><body>
    <div class="paper"><img src="${pageImage}"></div><div class="light"></div>
    <svg class="grain" width="1000" height="1250"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7"/></filter><rect width="100%" height="100%" filter="url(#n)"/></svg>
  </body></html>`;
}

async function make(browser: Browser, invoice: Invoice): Promise<Record<string, Expected>> {
  const [first, ...others] = DEMO_PLANS.filter((p) => p.invoice === invoice.invoice);
  if (!first) throw new Error(`No demo plan has invoice ${invoice.invoice}`);
  const plans: Plans = [first, ...others];
  const c = first.customer;
  const expected: Expected = {
    firstName: c.firstName,
    lastName: c.lastName,
    invoiceNumber: invoice.invoice,
    email: c.email,
    phone: c.phone,
    zip: c.zip,
  };
  const html = invoice.layout(plans);
  const context = await browser.newContext({ viewport: { width: 816, height: 1056 }, deviceScaleFactor: 1.5 });
  const written: Record<string, Expected> = {};
  try {
    const tab = await context.newPage();
    await tab.setContent(html, { waitUntil: "load" });
    await writeFile(
      `${OUT}${invoice.stem}.pdf`,
      await tab.pdf({
        format: "Letter",
        printBackground: true,
        margin: { top: "0.5in", bottom: "0.5in", left: "0.5in", right: "0.5in" },
      }),
    );
    written[`${invoice.stem}.pdf`] = expected;
    if (invoice.photo) {
      // The page as printed: Letter at 1.5x (144 dpi), the top part where the customer block is.
      const print = await tab.screenshot({ type: "png", clip: { x: 0, y: 0, width: 816, height: 1000 } });
      // 1300x1625 px: what a phone photo is after the picker's downscaling, and a small file.
      const camera = await browser.newContext({ viewport: { width: 1000, height: 1250 }, deviceScaleFactor: 1.3 });
      const scene = await camera.newPage();
      await scene.setContent(photoScene(`data:image/png;base64,${print.toString("base64")}`, invoice.photo), {
        waitUntil: "load",
      });
      const photo = await scene.screenshot({ type: "jpeg", quality: 62 });
      await camera.close();
      await writeFile(`${OUT}${invoice.stem}.jpg`, photo);
      written[`${invoice.stem}.jpg`] = expected;
      if (invoice.scan) {
        // A scanned PDF: the photo as the page's only content, no text layer.
        const scan = await context.newPage();
        await scan.setContent(
          `<!doctype html><html><body style="margin:0"><img style="width:7.5in" src="data:image/jpeg;base64,${photo.toString("base64")}"></body></html>`,
          { waitUntil: "load" },
        );
        await writeFile(
          `${OUT}${invoice.stem}-scan.pdf`,
          await scan.pdf({ format: "Letter", margin: { top: "0.5in", left: "0.5in" } }),
        );
        written[`${invoice.stem}-scan.pdf`] = expected;
      }
    }
  } finally {
    await context.close();
  }
  return written;
}

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const browser = await launchChromium();
  const manifest: Record<string, Expected> = {};
  try {
    for (const invoice of INVOICES) Object.assign(manifest, await make(browser, invoice));
  } finally {
    await browser.close();
  }
  await writeFile(`${OUT}manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  let total = 0;
  for (const name of [...Object.keys(manifest), "manifest.json"]) {
    const { size } = await stat(`${OUT}${name}`);
    total += size;
    console.log(`${name.padEnd(34)} ${(size / 1024).toFixed(0).padStart(5)} kB`);
  }
  console.log(`total ${(total / 1024).toFixed(0)} kB in ${OUT}`);
}

await main();
