/** US phone handling (SPEC.md sections 5 and 9): the mask and the NANP rule. */
import { describe, expect, it } from "vitest";
import { isValidUsPhone, maskPhone, phoneDigits } from "../../src/lib/phone.ts";

describe("phone", () => {
  it("masks what is typed as (###) ###-####", () => {
    expect(["", "2", "212", "2125", "212555", "2125550", "2125550134", "21255501349"].map(maskPhone)).toEqual([
      "",
      "(2",
      "(212",
      "(212) 5",
      "(212) 555",
      "(212) 555-0",
      "(212) 555-0134",
      "(212) 555-0134",
    ]);
  });

  it("drops a leading country code and any punctuation", () => {
    expect(maskPhone("+1 305.555.0188")).toBe("(305) 555-0188");
    expect(maskPhone("1-212-555-0134")).toBe("(212) 555-0134");
    expect(phoneDigits("+1 (212) 555-0134")).toBe("2125550134");
  });

  it("accepts only real US numbers", () => {
    expect(["(212) 555-0134", "212.555.0134", "+1 212 555 0134"].map(isValidUsPhone)).toEqual([true, true, true]);
    // Too short, area code or exchange starting with 0 or 1, letters.
    expect(["212555013", "(112) 555-0134", "(212) 155-0134", "(012) 555-0134", "phone"].map(isValidUsPhone)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
