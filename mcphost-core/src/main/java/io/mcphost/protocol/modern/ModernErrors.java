package io.mcphost.protocol.modern;

/**
 * The JSON-RPC error codes revision 2026-07-28 defines (the range -32020 … -32099 is reserved for
 * the specification). Constants only. A resource that does not exist is {@code -32602} (invalid
 * params) with {@code data.uri} in this revision, {@code -32002} before it.
 */
public final class ModernErrors {
    /** HTTP headers and body disagree, or a required header is missing or malformed (HTTP 400). */
    public static final int HEADER_MISMATCH = -32020;
    /** The request needs a client capability the request's {@code _meta} did not declare; {@code data.requiredCapabilities}. */
    public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
    /** The request's protocol version is not supported; {@code data.supported} and {@code data.requested}. */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    /** Whether a code is one only a modern (2026-07-28 or later) peer sends, which identifies the server's era. */
    public static boolean isModern(int code) {
        return code <= -32020 && code >= -32099;
    }

    private ModernErrors() {
    }
}
