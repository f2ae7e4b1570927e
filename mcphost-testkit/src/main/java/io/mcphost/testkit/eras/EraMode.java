package io.mcphost.testkit.eras;

/** Which kind of server an era test server plays. */
public enum EraMode {
    /** Revision 2026-07-28 only: {@code server/discover}, per-request {@code _meta}; refuses {@code initialize}. */
    MODERN(true, false),
    /** Both eras on one endpoint: modern requests statelessly, {@code initialize} for legacy clients. */
    DUAL(true, true),
    /** A legacy server that answers an unknown request before {@code initialize} with -32601. */
    LEGACY_32601(false, true),
    /** A legacy server that answers it with -32602 (as some SDKs do for any pre-initialize request). */
    LEGACY_32602(false, true),
    /** A legacy server that never answers it. */
    LEGACY_SILENT(false, true),
    /** A legacy server that floods stderr when it arrives (stdio), then answers -32601. */
    LEGACY_STDERR_FLOOD(false, true),
    /** A legacy server that answers it with a line that is not JSON-RPC (stdio) or a non-JSON body (HTTP). */
    LEGACY_JUNK(false, true);

    private final boolean modern;
    private final boolean legacy;

    EraMode(boolean modern, boolean legacy) {
        this.modern = modern;
        this.legacy = legacy;
    }

    public boolean speaksModern() {
        return modern;
    }

    public boolean speaksLegacy() {
        return legacy;
    }
}
