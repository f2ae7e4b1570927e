/**
 * How the host's catalog is made: the offers of the servers ({@code Offer}, {@code ServerOffer}),
 * naming and collision resolution ({@code NameAllocator}, {@code CatalogBuilder}), glob matching,
 * URI template matching, name suggestions and the Gemini schema rewrite. Pure code: no I/O, no
 * threads, no locks; everything here is immutable or confined to one caller.
 * Not exported; it may change without notice.
 *
 * <p>Null policy: a null argument throws {@link NullPointerException} unless a method says otherwise.
 */
package io.mcphost.host.internal.catalog;
