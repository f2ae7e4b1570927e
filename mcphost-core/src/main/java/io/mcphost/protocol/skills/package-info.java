/**
 * The Skills extension ({@code io.modelcontextprotocol/skills}, SEP-2640): a server offers Agent Skills —
 * a {@code SKILL.md} with YAML frontmatter and the files beside it — through {@code skills/list},
 * {@code skills/get} and, optionally, {@code resources/directory/read}; the files are read with
 * {@code resources/read}, and each listed file's size and {@code sha256:} digest let a host verify what it
 * read. Nothing is null: absent values are {@link java.util.Optional} or empty lists. Experimental: the
 * extension is new, and these types follow it (docs/releasing.md).
 */
package io.mcphost.protocol.skills;
