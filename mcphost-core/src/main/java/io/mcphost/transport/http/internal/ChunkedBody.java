package io.mcphost.transport.http.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * A body in the chunked transfer coding (RFC 9112, section 7.1), decoded: each chunk's size line (its
 * extensions ignored), its data, and at the end the trailer section, read and dropped, so that the
 * connection is positioned at the next answer. An SSE stream is usually sent this way, so a chunk is
 * handed on as soon as any of it arrives. Not thread-safe.
 */
final class ChunkedBody extends InputStream {
    private final ConnectionInput in;
    private final int maxLine;
    /** Bytes left in the current chunk; 0 between chunks; -1 once the last chunk and trailers are read. */
    private long left;
    /** The CRLF after a chunk's data, read at the next read: a chunk's last bytes are handed on at once. */
    private boolean crlfDue;

    ChunkedBody(ConnectionInput in, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (crlfDue) {
            crlfDue = false;
            crlf();
        }
        if (left == 0) {
            left = nextChunk();
        }
        if (left < 0) {
            return -1;
        }
        int n = in.read(b, off, (int) Math.min(len, left));
        if (n < 0) {
            throw new EOFException("the answer's body ended inside a chunk");
        }
        left -= n;
        crlfDue = left == 0;
        return n;
    }

    /** Reads a chunk's size line: its size, or -1 after the last chunk and the trailers. */
    private long nextChunk() throws IOException {
        String line = line();
        int end = line.indexOf(';');
        String hex = (end < 0 ? line : line.substring(0, end)).strip();
        long size;
        try {
            size = Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new IOException("malformed chunk size in the answer's body");
        }
        if (size < 0) {
            throw new IOException("malformed chunk size in the answer's body");
        }
        if (size > 0) {
            return size;
        }
        while (!line().isEmpty()) {
            // a trailer field: not used by MCP, dropped
        }
        return -1;
    }

    private void crlf() throws IOException {
        if (!line().isEmpty()) {
            throw new IOException("a chunk of the answer's body is longer than its size");
        }
    }

    private String line() throws IOException {
        String line;
        try {
            line = in.readLine(maxLine);
        } catch (EOFException e) {
            line = null;
        }
        if (line == null) {
            throw new EOFException("the answer's body ended inside its chunked framing");
        }
        if (line.indexOf('\r') >= 0) {
            throw new IOException("a bare CR in the answer's chunked framing"); // RFC 9112 2.2
        }
        return line;
    }
}
