import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { PasskeyAssertionResponse, PasskeyRegistrationResponse } from "@tickfair/contract";

/**
 * A passkey authenticator in software, for server tests: a P-256 key made at registration ("none"
 * attestation, as phones give), and assertions signed with it. Each answer can be bent the way an
 * attacker or a broken device would: another origin or RP ID, no user verification, a stale counter.
 */

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Ceremony {
  /** The origin the browser writes into clientDataJSON. */
  origin?: string;
  /** The RP ID whose hash leads authenticatorData. */
  rpId?: string;
  /** Whether the user unlocked the device (the UV flag). */
  userVerified?: boolean;
  /** The signature counter to report; by default one more than last time. */
  counter?: number;
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash("sha256").update(data).digest();
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function flagsOf(ceremony: Ceremony, extra = 0): number {
  return UP | (ceremony.userVerified === false ? 0 : UV) | extra;
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  /** The user handle the server gave at registration, answered back at sign-in. */
  private userHandle: string | undefined;

  constructor(
    private readonly rpId = "localhost",
    private readonly origin = "http://localhost",
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return this.credentialId.toString("base64url");
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: "jwk" });
    const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? "", "base64url"));
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  /** Answers registration options ({challenge, user: {id}}) as navigator.credentials.create() would. */
  register(
    options: { challenge: string; user?: { id?: string } },
    ceremony: Ceremony = {},
  ): PasskeyRegistrationResponse {
    this.userHandle = options.user?.id;
    const authData = Buffer.concat([
      sha256(ceremony.rpId ?? this.rpId),
      Buffer.from([flagsOf(ceremony, AT)]),
      counterBytes(this.counter),
      Buffer.alloc(16),
      Buffer.from([0, this.credentialId.length]),
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: clientData(
          "webauthn.create",
          options.challenge,
          ceremony.origin ?? this.origin,
        ).toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** Answers assertion options ({challenge}) as navigator.credentials.get() would. */
  assert(options: { challenge: string }, ceremony: Ceremony = {}): PasskeyAssertionResponse {
    this.counter = ceremony.counter ?? this.counter + 1;
    const authData = Buffer.concat([
      sha256(ceremony.rpId ?? this.rpId),
      Buffer.from([flagsOf(ceremony)]),
      counterBytes(this.counter),
    ]);
    const clientDataJSON = clientData("webauthn.get", options.challenge, ceremony.origin ?? this.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
