/**
 * How the host runs its servers: the {@code Supervisor} (membership, start, close), one
 * {@code ManagedServer} per server (state and generations, connecting, stopping), its
 * {@code Reconnector} (backoff loop) and {@code CatalogRefresher} (relisting on {@code list_changed},
 * coalesced), the {@code CatalogState} swapped in whole after every change, and the routed-call
 * pipeline ({@code Routing}, {@code InterceptorChain}). May call the client's public API; never a
 * transport's internals. Not exported; it may change without notice.
 *
 * <p>Threading: every class here is thread-safe; blocking work (connecting, listing, closing) runs
 * on named virtual threads, never under a lock other than a {@code ReentrantLock}.
 *
 * <p>Null policy: a null argument throws {@link NullPointerException} unless a method says otherwise.
 */
package io.mcphost.host.internal.supervision;
