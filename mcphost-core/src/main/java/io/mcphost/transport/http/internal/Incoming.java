package io.mcphost.transport.http.internal;

import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.http.HttpFields;

/**
 * The answer to an {@link Outgoing}: its status, its headers and its body, which streams until
 * {@link Exchanges#done} closes it (a JSON body read whole already is a byte array's stream).
 */
record Incoming(Outgoing request, int statusCode, HttpFields fields, InputStream body) {

    /** The first value of header {@code name} (any case). */
    Optional<String> header(String name) {
        return Optional.ofNullable(fields.get(name));
    }

    /** Every value of header {@code name} (any case), in order. */
    List<String> headers(String name) {
        return fields.getValuesList(name);
    }
}
