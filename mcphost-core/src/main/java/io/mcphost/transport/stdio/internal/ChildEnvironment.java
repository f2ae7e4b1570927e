package io.mcphost.transport.stdio.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Builds a child's environment from an allowlist, never from the host's whole environment: API
 * keys and tokens in the host's variables must not leak into every server it starts.
 */
public final class ChildEnvironment {
    /** Variables a program needs to run normally: who, where, which locale, where to put temp files. */
    public static final Set<String> ALLOWED = Set.of(
            "HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "LC_CTYPE",
            "TMPDIR", "TEMP", "TMP", "TZ");

    /** Windows cannot start most programs without these. */
    public static final Set<String> ALLOWED_ON_WINDOWS = Set.of(
            "SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "APPDATA", "LOCALAPPDATA",
            "PROGRAMFILES", "PROGRAMFILES(X86)", "PROGRAMDATA", "USERPROFILE", "HOMEDRIVE", "HOMEPATH",
            "USERNAME", "PROCESSOR_ARCHITECTURE", "NUMBER_OF_PROCESSORS");

    private ChildEnvironment() {
    }

    /** For the running operating system; see {@link #build(Map, List, Map, boolean)}. */
    public static Map<String, String> build(Map<String, String> host, List<String> passthrough, Map<String, String> configured) {
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        return build(host, passthrough, configured, windows);
    }

    /**
     * The environment for a child: allowlisted host variables, then the named passthrough host
     * variables, then the configured values (which win). Windows variable names are
     * case-insensitive ("Path"), so there the allowlist is matched ignoring case.
     */
    public static Map<String, String> build(Map<String, String> host, List<String> passthrough,
                                            Map<String, String> configured, boolean windows) {
        Map<String, String> env = new LinkedHashMap<>();
        host.forEach((key, value) -> {
            String match = windows ? key.toUpperCase(Locale.ROOT) : key;
            if (ALLOWED.contains(match) || (windows && ALLOWED_ON_WINDOWS.contains(match))) {
                env.put(key, value);
            }
        });
        for (String name : passthrough) {
            String value = host.get(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        env.putAll(configured);
        return env;
    }
}
