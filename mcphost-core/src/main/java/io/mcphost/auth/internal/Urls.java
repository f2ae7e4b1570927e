package io.mcphost.auth.internal;

import java.net.InetAddress;
import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The URL rules of the OAuth flow: which endpoints may be used at all, and the shape a URL must
 * have before it is shown to the user or handed to a browser.
 */
public final class Urls {
    /**
     * Characters refused anywhere in an endpoint the authorization server names: what a shell,
     * a {@code cmd.exe} or an {@code open}/{@code xdg-open} wrapper could interpret (the
     * mcp-remote CVE-2025-6514 pattern: {@code $(…)}, backticks, quotes, {@code |}, {@code ;}, …).
     * None of them is needed by a real endpoint; our own parameters are percent-encoded.
     */
    private static final String UNSAFE = " \t\r\n\"'`$|;<>(){}\\^!*";

    private static final Pattern IPV4 = Pattern.compile("(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}"
            + "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])");
    private static final Pattern IPV6_CHARACTERS = Pattern.compile("[0-9a-fA-F:.]+");

    private Urls() {
    }

    /** The URL without query, fragment or credentials, for messages. */
    public static String safe(URI uri) {
        if (uri == null) {
            return "null";
        }
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        return uri.getScheme() + "://" + uri.getHost() + port + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    /**
     * Parses and checks an endpoint named by metadata: absolute {@code https} (or {@code http} to a
     * loopback host), with a host, no credentials, no fragment, no shell metacharacters; private
     * and loopback addresses only when {@code allowLocal}.
     *
     * @return the URI, or null with {@code why[0]} set to the reason
     */
    public static URI endpoint(String text, boolean allowLocal, String[] why) {
        if (text == null || text.isBlank()) {
            why[0] = "it is missing";
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x21 || c > 0x7E || UNSAFE.indexOf(c) >= 0) {
                why[0] = "it contains a character no endpoint needs (U+" + String.format(Locale.ROOT, "%04X", (int) c)
                        + ") — possibly an attempt to run a command";
                return null;
            }
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (Exception e) {
            why[0] = "it is not a valid URL";
            return null;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            why[0] = "its scheme is '" + scheme + "' (only https, or http on this machine, is allowed)";
            return null;
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            why[0] = "it has no host";
            return null;
        }
        if (uri.getRawUserInfo() != null) {
            why[0] = "it carries credentials";
            return null;
        }
        if (uri.getRawFragment() != null) {
            why[0] = "it has a #fragment";
            return null;
        }
        boolean loopback = isLoopback(uri.getHost());
        if (scheme.equals("http") && !loopback) {
            why[0] = "it is plain http to a host other than this machine (https is required)";
            return null;
        }
        if ((loopback || isPrivate(uri.getHost())) && !allowLocal) {
            why[0] = "it points at a loopback or private address, which a server that is not itself local may not name";
            return null;
        }
        return uri;
    }

    /** localhost, 127.0.0.0/8 and ::1, by name or literal (no DNS lookup). */
    public static boolean isLoopback(String host) {
        String h = strip(host);
        if (h.equalsIgnoreCase("localhost") || h.toLowerCase(Locale.ROOT).endsWith(".localhost")) {
            return true;
        }
        InetAddress literal = literal(h);
        return literal != null && literal.isLoopbackAddress();
    }

    /** RFC 1918, link-local and unique-local literals (no DNS lookup: a name is judged by the server that serves it). */
    public static boolean isPrivate(String host) {
        InetAddress literal = literal(strip(host));
        if (literal == null) {
            return false;
        }
        byte[] a = literal.getAddress();
        boolean uniqueLocal6 = a.length == 16 && (a[0] & 0xFE) == 0xFC;
        return literal.isSiteLocalAddress() || literal.isLinkLocalAddress() || literal.isAnyLocalAddress() || uniqueLocal6;
    }

    private static String strip(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private static InetAddress literal(String host) {
        // Only what InetAddress takes for a literal: anything else (999.1.1.1, 1..2) it would look up in DNS.
        boolean v4 = IPV4.matcher(host).matches();
        boolean v6 = host.contains(":") && IPV6_CHARACTERS.matcher(host).matches(); // an invalid v6 literal fails without a lookup
        if (!v4 && !v6) {
            return null;
        }
        try {
            return InetAddress.getByName(host); // a literal: no lookup
        } catch (Exception e) {
            return null;
        }
    }
}
