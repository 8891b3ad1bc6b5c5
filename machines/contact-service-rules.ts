/**
 * Field rules of the contact-service request (SPEC.md section 5 "Contact service", section 3
 * "Contact service data"): every customer and purchase field is required; the phone is a US number
 * ('Mobile Number is Not valid'); the purchase date is the spec's date field; at least one invoice
 * document ('Please upload atleast 1 files'). Messages are codes; screens translate them.
 */
import * as v from "valibot";
import { pastDate } from "./claim-rules.ts";
import { emailAddress, requiredText, usPhone, usState, usZip } from "./contact-rules.ts";

/** Customer Details, step 1: as printed on the invoice. */
export const customerDetailsSchema = v.object({
  name: requiredText,
  email: emailAddress,
  phone: usPhone,
  address: requiredText,
  city: requiredText,
  state: usState,
  zipCode: usZip,
});

/** Purchase Details, step 2: the invoice, the date of purchase (ISO) and the store. */
export const purchaseDetailsSchema = v.object({
  invoice: requiredText,
  purchaseDate: pastDate,
  storeName: requiredText,
  storePhone: usPhone,
  storeAddress: requiredText,
  storeCity: requiredText,
  storeState: usState,
  storeZip: usZip,
  itemsExchanged: v.picklist(["yes", "no"], "selectOption"),
});

export type CustomerDetails = v.InferOutput<typeof customerDetailsSchema>;
export type PurchaseDetails = v.InferOutput<typeof purchaseDetailsSchema>;

export const BLANK_CUSTOMER_DETAILS: CustomerDetails = {
  name: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
};
export const BLANK_PURCHASE_DETAILS = {
  invoice: "",
  purchaseDate: "",
  storeName: "",
  storePhone: "",
  storeAddress: "",
  storeCity: "",
  storeState: "",
  storeZip: "",
  itemsExchanged: "",
};

export function isCompleteCustomer(customer: Partial<CustomerDetails>): customer is CustomerDetails {
  return v.is(customerDetailsSchema, { ...BLANK_CUSTOMER_DETAILS, ...customer });
}

export function isCompletePurchase(purchase: Partial<PurchaseDetails>): purchase is PurchaseDetails {
  return v.is(purchaseDetailsSchema, { ...BLANK_PURCHASE_DETAILS, ...purchase });
}
