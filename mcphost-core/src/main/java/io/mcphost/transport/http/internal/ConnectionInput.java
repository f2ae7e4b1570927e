package io.mcphost.transport.http.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The buffered input side of one {@link Http1Connection}: lines of an answer's head or chunked framing,
 * and body bytes, from one buffer. Unsynchronised, unlike {@link java.io.BufferedInputStream}, whose
 * per-byte lock a head read byte by byte paid a few hundred times per answer: only the exchange's own
 * thread reads a connection. Not thread-safe.
 */
final class ConnectionInput extends InputStream {
    private final InputStream source;
    private final byte[] buffer;
    private int pos;
    private int limit;

    ConnectionInput(InputStream source, int size) {
        this.source = source;
        this.buffer = new byte[size];
    }

    /**
     * One line without its LF and, if present, the CR before it (RFC 9112 2.2 accepts a bare LF), in
     * ISO-8859-1; null when the input ends before the line's first byte.
     *
     * @throws EOFException when the input ends inside the line
     * @throws IOException when the line is longer than {@code max} bytes, or reading fails
     */
    String readLine(int max) throws IOException {
        StringBuilder line = null;
        while (true) {
            if (pos == limit && !fill()) {
                if (line == null) {
                    return null;
                }
                throw new EOFException("the input ended inside a line");
            }
            int start = pos;
            while (pos < limit && buffer[pos] != '\n') {
                pos++;
            }
            int length = pos - start + (line == null ? 0 : line.length());
            if (length > max) {
                throw new IOException("a line of the answer exceeds " + max + " bytes");
            }
            if (line == null) {
                line = new StringBuilder(Math.max(16, pos - start));
            }
            line.append(new String(buffer, start, pos - start, StandardCharsets.ISO_8859_1));
            if (pos < limit) {
                pos++; // the LF
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
        }
    }

    @Override
    public int read() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buffer[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (pos == limit) {
            if (len >= buffer.length) {
                return source.read(b, off, len); // a big read needs no copy through the buffer
            }
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(len, limit - pos);
        System.arraycopy(buffer, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int available() throws IOException {
        return (limit - pos) + source.available();
    }

    private boolean fill() throws IOException {
        int n = source.read(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }
}
