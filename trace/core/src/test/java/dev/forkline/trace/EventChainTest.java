package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Appending in one step, and in its two steps (placed, then chained), gives the same chain. */
class EventChainTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void placingThenChainingGivesTheEventsAndLinesThatAppendingGives() {
        List<NewEvent> drafts = drafts();
        EventChain oneStep = new EventChain();
        List<CanonicalEvent.Hashed> appended = new ArrayList<>();
        for (NewEvent draft : drafts) {
            appended.add(oneStep.appendHashed(draft));
        }

        EventChain twoSteps = new EventChain();
        List<Event> placed = new ArrayList<>();
        for (NewEvent draft : drafts) {
            placed.add(twoSteps.place(draft)); // all placed before any is chained, as by a chaining thread that lags behind
        }
        for (int i = 0; i < placed.size(); i++) {
            Event event = placed.get(i);
            assertThat(event.prev()).isNull();
            assertThat(event.hash()).isNull();
            assertThat(event.id()).isEqualTo(appended.get(i).event().id());
            assertThat(event.seq()).isEqualTo(appended.get(i).event().seq());
            CanonicalEvent.Hashed chained = twoSteps.chain(event);
            assertThat(chained.event()).isEqualTo(appended.get(i).event());
            assertThat(chained.line()).containsExactly(appended.get(i).line());
        }
        assertThat(appended.get(2).event().prev()).isEqualTo(appended.get(0).event().hash());
        assertThat(appended.get(1).event().prev()).isNull(); // the first event of a second root run
        assertThat(twoSteps.nextPrev("r1")).isEqualTo(oneStep.nextPrev("r1"));
        assertThat(twoSteps.nextSeq("r2")).isEqualTo(oneStep.nextSeq("r2")).isEqualTo(2);
    }

    @Test
    void aDuplicateIdIsRefusedWhenPlacedAndLeavesTheRunAsItWas() {
        EventChain chain = new EventChain();
        chain.chain(chain.place(NewEvent.of("r1", "harness", EventType.SESSION_START).id("start").at(T0).data(Json.object())));

        assertThatThrownBy(() -> chain.place(NewEvent.of("r1", "harness", EventType.NOTE).id("start").at(T0).data(Json.object())))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("duplicate event id 'start'");
        assertThat(chain.nextSeq("r1")).isEqualTo(2);
    }

    private static List<NewEvent> drafts() {
        List<NewEvent> drafts = new ArrayList<>();
        drafts.add(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).touches(StateKind.SESSION).data(Json.object()));
        drafts.add(NewEvent.of("r2", "harness", EventType.SESSION_START).at(T0).data(Json.object()));
        for (int i = 1; i <= 5; i++) {
            drafts.add(NewEvent.of("r1", "agent:a", EventType.NOTE).at(T0.plusSeconds(i)).causes("r1.1")
                    .data(Json.object().put("text", "note " + i + " \"quoted\" é 😀")));
        }
        return drafts;
    }
}
