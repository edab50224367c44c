import { describe, expect, it } from "vitest";
import { cleanIdNumber, cleanName, verificationProblems } from "./verification-check";

const both = { front: true, back: true };
const NOW = new Date("2024-06-15T04:00:00Z");

describe("verificationProblems", () => {
  it("takes a mainland name of 2 to 5 Chinese characters and an 18-digit number with its checksum", () => {
    expect(
      verificationProblems({ name: "张三", idNumber: "11010519491231002X", nationality: "CN" }, both, NOW),
    ).toEqual({});
    expect(
      verificationProblems({ name: "张三", idNumber: "110105491231002", nationality: "CN" }, both, NOW),
    ).toEqual({});
  });

  it("refuses a mistyped mainland number, a Latin name for CN and a six-character name", () => {
    expect(
      verificationProblems(
        { name: "Zhang San", idNumber: "110105194912310021", nationality: "CN" },
        both,
        NOW,
      ),
    ).toEqual({ name: "INVALID", idNumber: "ID_NUMBER_CHECK_DIGIT_MISMATCH" });
    expect(
      verificationProblems({ name: "欧阳张三李四", idNumber: "1101051949", nationality: "CN" }, both, NOW),
    ).toEqual({
      name: "INVALID",
      idNumber: "INVALID",
    });
  });

  it("says which part of a mainland number is wrong: its birth date or its check character", () => {
    const cn = (idNumber: string) =>
      verificationProblems({ name: "张三", idNumber, nationality: "CN" }, both, NOW);
    expect(cn("11010119900307777X")).toEqual({ idNumber: "ID_NUMBER_CHECK_DIGIT_MISMATCH" });
    expect(cn("110101199013010012")).toEqual({ idNumber: "ID_NUMBER_BIRTH_DATE_INVALID" });
    expect(cn("110105490229002")).toEqual({ idNumber: "ID_NUMBER_BIRTH_DATE_INVALID" });
    // Born tomorrow by the device's clock (Beijing's date).
    expect(cn("110105202406160011")).toEqual({ idNumber: "ID_NUMBER_BIRTH_DATE_INVALID" });
  });

  it("applies generic rules to other nationalities", () => {
    expect(
      verificationProblems(
        { name: "Anne-Marie O'Neil", idNumber: "C01X 00T4-7", nationality: "DE" },
        both,
        NOW,
      ),
    ).toEqual({});
    expect(verificationProblems({ name: "A", idNumber: "123", nationality: "DE" }, both, NOW)).toEqual({
      name: "INVALID",
      idNumber: "INVALID",
    });
  });

  it("names what is empty, and both photos are needed", () => {
    expect(
      verificationProblems({ name: " ", idNumber: "", nationality: "" }, { front: true, back: false }, NOW),
    ).toEqual({ name: "EMPTY", idNumber: "EMPTY", nationality: "EMPTY", photos: "EMPTY" });
    expect(
      verificationProblems({ name: "张三", idNumber: "110105491231002", nationality: "XX" }, both, NOW),
    ).toEqual({
      nationality: "INVALID",
    });
  });
});

describe("cleaning", () => {
  it("drops grouping spaces and dashes, and writes a mainland check character in capitals", () => {
    expect(cleanIdNumber(" 110105 19491231 002x ", "CN")).toBe("11010519491231002X");
    expect(cleanIdNumber("c01x-00t4", "DE")).toBe("c01x00t4");
    expect(cleanName("  Anne   Marie ")).toBe("Anne Marie");
  });
});
