package dev.forkline.views.inspector;

import dev.forkline.trace.verify.Problem;
import java.util.ArrayList;
import java.util.List;

/** Puts what does not match about an altered event at the top of its details, in the danger tone. */
public final class IntegrityDetails {

    /** The title of the section that lists an event's integrity problems. */
    public static final String SECTION = "Altered: does not match";

    private IntegrityDetails() {
    }

    /** {@code details} unchanged when there are no problems; else led by one field per problem and in the danger tone. */
    public static EventDetails withProblems(EventDetails details, List<Problem> problems) {
        if (problems.isEmpty()) {
            return details;
        }
        List<EventDetails.Field> fields = new ArrayList<>();
        for (Problem problem : problems) {
            fields.add(new EventDetails.Field(problem.code(), problem.message() + (problem.line() > 0 ? " (line " + problem.line() + ")" : ""),
                    EventDetails.Tone.DANGER));
        }
        List<EventDetails.Section> sections = new ArrayList<>();
        sections.add(new EventDetails.Fields(SECTION, fields));
        sections.addAll(details.sections());
        return new EventDetails(details.title(), details.subtitle() + " · altered: what is shown may not be what was recorded",
                EventDetails.Tone.DANGER, sections);
    }
}
