/**
 * The customer's contact information, shown and updated on the ACE wizard's step 2 (SPEC.md
 * section 2 "Claim wizard (ACE)"; contract/schemas.ts `customerInfoSchema`):
 * GET and PUT /ace/customer_info/{customerId}.
 */
import { Hono } from "hono";
import { SUCCEED, customerInfoSchema, type CustomerInfo } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { notFound } from "../http-errors.ts";
import { ownerOf } from "../session.ts";
import { idParam, parseBody } from "../validation.ts";

interface CustomerRow {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const customerNotFound = () => notFound("CUSTOMER_NOT_FOUND", "Customer not found");

/** Routes of customer contact information, to mount under /api/v1. */
export function customerRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();

  app.get("/ace/customer_info/:customerId", async (c) => {
    const customerId = idParam(c, "customerId");
    ownerOf(c, config).customer(customerId);
    const [row] = await db.query<CustomerRow>(
      "SELECT first_name, last_name, email, phone, address, city, state, zip FROM customers WHERE id = $1",
      [customerId],
    );
    if (!row) throw customerNotFound();
    // A field never recorded is answered empty, for the consumer to fill in on step 2.
    const result: CustomerInfo = {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email ?? "",
      phone: row.phone ?? "",
      address: row.address ?? "",
      city: row.city ?? "",
      state: row.state ?? "",
      zipCode: row.zip ?? "",
    };
    return c.json({ result });
  });

  app.put("/ace/customer_info/:customerId", async (c) => {
    const customerId = idParam(c, "customerId");
    const info = await parseBody(c, customerInfoSchema);
    ownerOf(c, config).customer(customerId);
    await db.transaction(async (tx) => {
      const updated = await tx.query(
        `UPDATE customers SET first_name = $2, last_name = $3, email = $4, phone = $5, address = $6, city = $7,
           state = $8, zip = $9
         WHERE id = $1 RETURNING id`,
        [customerId, info.firstName, info.lastName, info.email, info.phone, info.address, info.city, info.state, info.zipCode],
      );
      if (updated.length === 0) throw customerNotFound();
    });
    return c.json({ message: SUCCEED });
  });

  return app;
}
