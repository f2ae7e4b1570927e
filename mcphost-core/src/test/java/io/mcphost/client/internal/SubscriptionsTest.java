package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which updates a subscription hears: its URI, and sub-resources under it (schema: ResourceUpdatedNotificationParams.uri). */
class SubscriptionsTest {
    @ParameterizedTest(name = "{0} hears {1}: {2}")
    @CsvSource({
            "file:///project/src, file:///project/src, true",
            "file:///project/src, file:///project/src/main.rs, true",
            "file:///project/src/, file:///project/src/main.rs, true",
            "db://table, db://table?row=3, true",
            "doc://a, doc://a#section, true",
            "file:///project/src, file:///project/srcs/main.rs, false",
            "file:///project/src/main.rs, file:///project/src, false",
            "file:///a, file:///b, false",
    })
    void anUpdateReachesTheSubscriptionsOfItsUriAndOfTheUrisAboveIt(String subscribed, String updated, boolean heard) {
        assertThat(Subscriptions.covers(subscribed, updated)).isEqualTo(heard);
    }
}
