package io.mcphost.transport.stdio.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a child's environment from an allowlist, never from the host's whole environment: API
 * keys and tokens in the host's variables must not leak into every server it starts.
 */
public final class ChildEnvironment {
    /** Variables a program needs to run normally: who, where, which locale, where to put temp files. */
    public static final Set<String> ALLOWED = Set.of(
            "HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE",
            "TMPDIR", "TEMP", "TMP", "TZ",
            // Windows needs these to start most programs at all.
            "SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "APPDATA", "LOCALAPPDATA",
            "PROGRAMFILES", "PROGRAMDATA", "USERPROFILE", "HOMEDRIVE", "HOMEPATH", "USERNAME",
            "PROCESSOR_ARCHITECTURE", "NUMBER_OF_PROCESSORS");

    private ChildEnvironment() {
    }

    /**
     * The environment for a child: allowlisted host variables, then the named passthrough host
     * variables, then the configured values (which win).
     */
    public static Map<String, String> build(Map<String, String> host, List<String> passthrough, Map<String, String> configured) {
        Map<String, String> env = new LinkedHashMap<>();
        host.forEach((key, value) -> {
            if (ALLOWED.contains(key) || ALLOWED.contains(key.toUpperCase(java.util.Locale.ROOT))) {
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
