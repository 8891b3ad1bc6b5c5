/**
 * extractInvoiceFields (src/invoice/extract-fields.ts) on hand-written invoice texts:
 * the layouts of a few kinds of furniture retailer, as a PDF text layer or OCR gives them, OCR
 * noise, the store's own contact lines beside the customer's, and any string at all.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_INVOICE_FIELDS, extractInvoiceFields, parseName } from "../../src/invoice/extract-fields.ts";
import { layoutRuns } from "../../src/invoice/text-layout.ts";

const JANE = {
  firstName: "Jane",
  lastName: "Doe",
  invoiceNumber: "INV-100234",
  email: "jane.doe@example.com",
  phone: "(212) 555-0134",
  zip: "10001",
};

describe("layouts", () => {
  it("a showroom invoice: letterhead, invoice box, Bill To beside Ship To in columns", () => {
    const text = [
      "MAPLE & OAK                                   INVOICE",
      "1250 Broadway, New York, NY 10018             Invoice #: INV-100234",
      "Tel (212) 555-0100  hello@mapleoak.example    Invoice Date: 03/14/2025",
      "",
      "BILL TO                          SHIP TO",
      "Jane Doe                         Jane Doe",
      "245 W 29th St                    245 W 29th St",
      "New York, NY 10001               New York, NY 10001",
      "Phone: (212) 555-0134",
      "jane.doe@example.com",
    ].join("\n");
    expect(extractInvoiceFields(text)).toEqual(JANE);
  });

  it("the same read by OCR: columns run together on single spaces", () => {
    const text = [
      "MAPLE & OAK INVOICE",
      "HOME FURNISHINGS Invoice #: INV-100234",
      "1250 Broadway, New York, NY 10018 Invoice Date: 03/14/2025",
      "Tel (212) 555-0100 : helloemapleandoak.example Store: NY-0142",
      "BILL TO SHIP TO",
      "Jane Doe Jane Doe",
      "245 W 29th St 245 W 29th St",
      "New York, NY 10001 New York, NY 10001",
      "Phone: (212) 555-0134 Delivery: 03/19/2025",
      "jane.doe@example.com",
    ].join("\n");
    expect(extractInvoiceFields(text)).toEqual(JANE);
  });

  it("a regional chain: Sales Order beside Invoice No., Sold To as LAST, FIRST in capitals", () => {
    const text = [
      "Suncoast Living",
      "Furniture & Mattress · Store FL-0307 · 7800 Coral Way, Miami, FL 33155 · (305) 555-0111",
      "Sales Order: SO-1405-5581   Invoice No. INV-200871   Date 06/21/2025",
      "Sold To: RIVERA, CARLOS",
      "500 NW 2ND AVE",
      "MIAMI, FL 33101",
      "Tel 305.555.0188",
      "carlos.rivera@example.com",
      "Customer Service 1-800-555-0199 · help@suncoastliving.example",
    ].join("\n");
    expect(extractInvoiceFields(text)).toEqual({
      firstName: "Carlos",
      lastName: "Rivera",
      invoiceNumber: "INV-200871",
      email: "carlos.rivera@example.com",
      phone: "(305) 555-0188",
      zip: "33101",
    });
  });

  it("a table head with the invoice number under it, and a Customer # that is not a name", () => {
    const text = [
      "Harborview Furniture Gallery",
      "88 Atlantic Ave, Boston, MA 02110 · (617) 555-0190",
      "Invoice Number    Date          Customer #    Store",
      "INV-400112        02/08/2025    C-11027       MA-0021",
      "",
      "Customer",
      "Dana Reyes",
      "45 Beacon St",
      "Boston, MA 02108",
      "(617) 555-0100 · dana.reyes@example.com",
    ].join("\n");
    expect(extractInvoiceFields(text)).toEqual({
      firstName: "Dana",
      lastName: "Reyes",
      invoiceNumber: "INV-400112",
      email: "dana.reyes@example.com",
      phone: "(617) 555-0100",
      zip: "02108",
    });
  });

  it("a Spanish receipt: Factura N.º, Cliente, Teléfono, Correo", () => {
    const text = [
      "MUEBLERÍA LA ESTRELLA",
      "2400 Navigation Blvd",
      "Houston, TX 77003",
      "Tel. (713) 555-0177",
      "Factura N.º INV-300455",
      "Fecha: 05/04/2025",
      "Tienda: TX-0713",
      "Cliente: Maria Lopez",
      "1200 Main St",
      "Houston, TX 77002",
      "Teléfono: (713) 555-0142",
      "Correo: maria.lopez@example.com",
    ].join("\n");
    expect(extractInvoiceFields(text)).toEqual({
      firstName: "Maria",
      lastName: "Lopez",
      invoiceNumber: "INV-300455",
      email: "maria.lopez@example.com",
      phone: "(713) 555-0142",
      zip: "77002",
    });
  });

  it("a point-of-sale receipt: Receipt #, Customer: LAST, FIRST, the address after Ship To", () => {
    const text = [
      "ROSE CITY HOME",
      "Portland Showroom · 1020 SE Hawthorne Blvd, Portland, OR 97214",
      "Receipt # INV-800417",
      "Date: 03/02/2025 Register 3",
      "Customer: STONE, NORA",
      "Phone: (503) 555-0147",
      "Email: nora.stone@example.com",
      "Ship To: 800 SW Broadway, Portland, OR 97205",
    ].join("\n");
    expect(extractInvoiceFields(text)).toEqual({
      firstName: "Nora",
      lastName: "Stone",
      invoiceNumber: "INV-800417",
      email: "nora.stone@example.com",
      phone: "(503) 555-0147",
      zip: "97205",
    });
  });

  it("an online order: store left, Sold To right, Order # before Invoice", () => {
    const text = [
      "Golden Gate Sofa Co.              Sold To",
      "2 Embarcadero Center              Paul Iverson",
      "San Francisco, CA 94111           1355 Market St",
      "(415) 555-0102                    San Francisco, CA 94103",
      "orders@goldengatesofa.example     (415) 555-0171",
      "                                  paul.iverson@example.com",
      "Order # GG-1733-501     Invoice: INV-500333     Ordered 01/17/2025",
    ].join("\n");
    expect(extractInvoiceFields(text)).toEqual({
      firstName: "Paul",
      lastName: "Iverson",
      invoiceNumber: "INV-500333",
      email: "paul.iverson@example.com",
      phone: "(415) 555-0171",
      zip: "94103",
    });
  });

  it("only a Ship To block: its name is the customer's", () => {
    const fields = extractInvoiceFields(
      "Order Number: 88123456\nShip To:\nMr. Leo Gray\n150 N Michigan Ave\nChicago, IL 60601",
    );
    expect(fields).toMatchObject({ firstName: "Leo", lastName: "Gray", invoiceNumber: "88123456", zip: "60601" });
  });

  it("First Name and Last Name printed apart, in English or Spanish", () => {
    expect(
      extractInvoiceFields("Invoice #: INV-600789\nFirst Name: LEO   Last Name: GRAY\nPhone: (312) 555-0166"),
    ).toMatchObject({ firstName: "Leo", lastName: "Gray" });
    expect(
      extractInvoiceFields("Factura: INV-300455\nNombre: Maria\nApellidos: Lopez Garza\nTeléfono: (713) 555-0142"),
    ).toMatchObject({ firstName: "Maria", lastName: "Lopez Garza" });
  });

  it("a name OCR ran together with the address", () => {
    expect(extractInvoiceFields("Bill To: Jane Doe 245 W 29th St New York, NY 10001")).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      zip: "10001",
    });
  });

  it("prefers the invoice number over the order number, whatever comes first", () => {
    expect(extractInvoiceFields("Order #: SO-7781\nInvoice #: INV-600789").invoiceNumber).toBe("INV-600789");
    expect(extractInvoiceFields("Sales Order SO-7781\nReceipt No. R-00912").invoiceNumber).toBe("R-00912");
  });

  it("never takes a date, a total or the store code for the invoice number", () => {
    expect(
      extractInvoiceFields("INVOICE\nInvoice Date: 03/14/2025\nStore #: NY-0142\nTotal: $6,594.99").invoiceNumber,
    ).toBe("");
    expect(extractInvoiceFields("Fecha de factura: 14/03/2025").invoiceNumber).toBe("");
  });
});

describe("OCR noise", () => {
  it("mends O for 0 and l or I for 1 in numbers, and a lower-case l among capitals", () => {
    const fields = extractInvoiceFields(
      "Invoice No. lNV-1OO234\nBill To: Jane Doe\nNew York, NY 1OOO1\nPhone: (2l2) 555-Ol34",
    );
    expect(fields).toMatchObject({ invoiceNumber: "INV-100234", zip: "10001", phone: "(212) 555-0134" });
  });

  it("stray spaces and table pipes", () => {
    const fields = extractInvoiceFields(
      "| Invoice # | INV- 100234 |\n| Bill To | Jane  Doe |\n| Email | jane.doe @ example . com |\n| Tel | 212 555 0134 |",
    );
    expect(fields).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      invoiceNumber: "INV-100234",
      email: "jane.doe@example.com",
      phone: "(212) 555-0134",
    });
  });

  it("an @ read as a capital G or ©, and com read as corr", () => {
    expect(extractInvoiceFields("Correo: maria. lopezGexample.com").email).toBe("maria.lopez@example.com");
    expect(extractInvoiceFields("Email: carlos.rivera©example.corr").email).toBe("carlos.rivera@example.com");
  });

  it("a country code and dots in the phone", () => {
    expect(extractInvoiceFields("Cell: +1 305.555.0188").phone).toBe("(305) 555-0188");
  });

  it("no INV label at all: an INV-like code anywhere", () => {
    expect(extractInvoiceFields("thank you\n1NV-200871 06/21/2025").invoiceNumber).toBe("INV-200871");
  });
});

describe("the store's contact lines never win", () => {
  it("only the store's phone, email and ZIP: none is read", () => {
    const text =
      "SUNCOAST LIVING\n7800 Coral Way, Miami, FL 33155\nStore phone: (305) 555-0111\nsales@suncoast.example\nCustomer Service: 1-800-555-0199\nInvoice #: INV-200871";
    expect(extractInvoiceFields(text)).toMatchObject({ phone: "", email: "", zip: "", invoiceNumber: "INV-200871" });
  });

  it("a toll-free number or a fax is never the customer's", () => {
    expect(extractInvoiceFields("Bill To: Jane Doe\nFax: (212) 555-0999\nPhone: 1-888-555-0142").phone).toBe("");
  });

  it("the customer's phone after the letterhead's", () => {
    expect(extractInvoiceFields("Maple & Oak (212) 555-0100\nBill To\nJane Doe\n(212) 555-0134").phone).toBe(
      "(212) 555-0134",
    );
  });
});

describe("names", () => {
  it.each([
    ["DOE, JANE", "Jane", "Doe"],
    ["Doe, Jane A.", "Jane", "Doe"],
    ["Jane Doe", "Jane", "Doe"],
    ["jane doe", "Jane", "Doe"],
    ["Mrs. Jane A. Doe Jr.", "Jane", "Doe"],
    ["Mary-Kate O'Neil", "Mary-Kate", "O'Neil"],
    ["Carlos Rivera Gómez", "Carlos", "Rivera Gómez"],
    ["Jane Doe Jane Doe", "Jane", "Doe"],
  ])("%s", (text, first, last) => {
    expect(parseName(text)).toEqual({ first, last });
  });

  it.each(["245 W 29th St", "Phone", "New York, NY 10001", "Maple & Oak Home Furnishings Inc"])(
    "not a name: %s",
    (text) => {
      expect(parseName(text)).toBeUndefined();
    },
  );
});

describe("any input", () => {
  it("nothing useful: every field empty", () => {
    expect(extractInvoiceFields("")).toEqual(EMPTY_INVOICE_FIELDS);
    expect(extractInvoiceFields("Shared MIME-info Database\nVersion 0.21\n1. Introduction")).toEqual(
      EMPTY_INVOICE_FIELDS,
    );
    expect(extractInvoiceFields(undefined as unknown as string)).toEqual(EMPTY_INVOICE_FIELDS);
  });

  it("never throws, always strings, on any text, noisy or long", () => {
    const pieces = fc.constantFrom(
      "Bill To",
      "Invoice #",
      "Sold To:",
      "Cliente:",
      "DOE, JANE",
      " | ",
      "\n",
      "   ",
      "(212) 555-0134",
      "NY 10001",
      "@",
      "lNV-1O0",
      "Ship To",
      "Factura N.º",
      "Store:",
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: "grapheme-composite", maxLength: 40 }), pieces), { maxLength: 60 }),
        (parts) => {
          const fields = extractInvoiceFields(parts.join(""));
          expect(Object.keys(fields).sort()).toEqual(Object.keys(EMPTY_INVOICE_FIELDS).sort());
          for (const value of Object.values(fields)) expect(typeof value).toBe("string");
          if (fields.zip) expect(fields.zip).toMatch(/^\d{5}$/);
          if (fields.phone) expect(fields.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a huge text is read from its start only: an invoice before 3 MB of noise gives its fields, noise alone none", () => {
    const invoice = [
      "MAPLE & OAK                                   INVOICE",
      "1250 Broadway, New York, NY 10018             Invoice #: INV-100234",
      "BILL TO                          SHIP TO",
      "Jane Doe                         Jane Doe",
      "New York, NY 10001               New York, NY 10001",
      "Phone: (212) 555-0134",
      "jane.doe@example.com",
    ].join("\n");
    const noise = `${"Bill To Ship To 1O1O1O1O lNV ".repeat(20_000)}\n`.repeat(5);
    expect(extractInvoiceFields(noise)).toEqual(EMPTY_INVOICE_FIELDS);
    expect(extractInvoiceFields(`${invoice}\n\n${noise}`)).toEqual(JANE);
    // The customer block is near the top of an invoice; what comes megabytes later is not read.
    expect(extractInvoiceFields(`${noise}\n\n${invoice}`)).toEqual(EMPTY_INVOICE_FIELDS);
  });
});

describe("PDF text layout", () => {
  it("puts runs of one baseline on one line, columns apart, and a blank line at a vertical gap", () => {
    const run = (text: string, x: number, y: number) => ({ text, x, y, width: text.length * 6, size: 11 });
    const text = layoutRuns([
      run("BILL TO", 36, 700),
      run("SHIP TO", 300, 700.5),
      run("Jane Doe", 36, 686),
      run("Jane Doe", 300, 686),
      run("SKU", 36, 600),
    ]);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^ *BILL TO {3,}SHIP TO$/);
    expect(lines[1]).toMatch(/^ *Jane Doe {3,}Jane Doe$/);
    expect(lines[1]!.indexOf("Jane Doe", 10)).toBe(lines[0]!.indexOf("SHIP TO"));
    expect(lines[2]).toBe("");
    expect(lines[3]).toMatch(/SKU/);
    expect(layoutRuns([])).toBe("");
  });
});
