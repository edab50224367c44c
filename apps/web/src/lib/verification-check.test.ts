import { describe, expect, it } from "vitest";
import { cleanIdNumber, cleanName, verificationProblems } from "./verification-check";

const both = { front: true, back: true };

describe("verificationProblems", () => {
  it("takes a mainland name of 2 to 5 Chinese characters and an 18-digit number with its checksum", () => {
    expect(
      verificationProblems({ name: "张三", idNumber: "11010519491231002X", nationality: "CN" }, both),
    ).toEqual({});
    expect(
      verificationProblems({ name: "张三", idNumber: "110105491231002", nationality: "CN" }, both),
    ).toEqual({});
  });

  it("refuses a mistyped mainland number, a Latin name for CN and a six-character name", () => {
    expect(
      verificationProblems({ name: "Zhang San", idNumber: "110105194912310021", nationality: "CN" }, both),
    ).toEqual({ name: "INVALID", idNumber: "INVALID" });
    expect(
      verificationProblems({ name: "欧阳张三李四", idNumber: "1101051949", nationality: "CN" }, both),
    ).toEqual({
      name: "INVALID",
      idNumber: "INVALID",
    });
  });

  it("applies generic rules to other nationalities", () => {
    expect(
      verificationProblems({ name: "Anne-Marie O'Neil", idNumber: "C01X 00T4-7", nationality: "DE" }, both),
    ).toEqual({});
    expect(verificationProblems({ name: "A", idNumber: "123", nationality: "DE" }, both)).toEqual({
      name: "INVALID",
      idNumber: "INVALID",
    });
  });

  it("names what is empty, and both photos are needed", () => {
    expect(
      verificationProblems({ name: " ", idNumber: "", nationality: "" }, { front: true, back: false }),
    ).toEqual({ name: "EMPTY", idNumber: "EMPTY", nationality: "EMPTY", photos: "EMPTY" });
    expect(
      verificationProblems({ name: "张三", idNumber: "110105491231002", nationality: "XX" }, both),
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
