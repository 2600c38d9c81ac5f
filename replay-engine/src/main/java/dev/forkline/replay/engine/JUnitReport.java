package dev.forkline.replay.engine;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A replay as JUnit XML for CI: one {@code <testsuite>} named after the replay, one {@code <testcase>} per replayed
 * step. A divergence that counts as a failure (and an escape that was not contained) is a {@code <failure>} with the
 * diffs; a step that needs a decision is an {@code <error>}; stubbed and dropped steps are {@code <skipped>} with the
 * reason; everything else passes. Expected divergences after an edit pass, with their diffs in {@code <system-out>}.
 */
public final class JUnitReport {

    private JUnitReport() {
    }

    public static void write(ReplayResult result, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            write(result, out);
        }
    }

    public static void write(ReplayResult result, OutputStream out) throws IOException {
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "forkline replay of " + result.replayedRun() + " from " + result.checkpointId());
            xml.writeAttribute("tests", Integer.toString(result.steps().size()));
            xml.writeAttribute("failures", Long.toString(result.diverged()));
            xml.writeAttribute("errors", Long.toString(result.needsDecision()));
            xml.writeAttribute("skipped", Long.toString(result.stubbed() + result.count(StepStatus.DROPPED)));
            xml.writeAttribute("time", seconds(result.timings().totalMs()));
            xml.writeCharacters("\n");
            xml.writeStartElement("properties");
            property(xml, "replayRun", result.replayRun());
            property(xml, "checkpoint", result.checkpointId());
            property(xml, "image", result.image());
            property(xml, "stopReason", result.stopReason().wireName());
            property(xml, "provisionMs", Long.toString(result.timings().provisionMs()));
            property(xml, "restoreMs", Long.toString(result.timings().restoreMs()));
            property(xml, "outcome", result.outcome().replayOutcome());
            property(xml, "originalOutcome", String.valueOf(result.outcome().originalOutcome()));
            xml.writeEndElement();
            xml.writeCharacters("\n");
            for (StepResult step : result.steps()) {
                testcase(xml, result, step);
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("could not write the JUnit report: " + e.getMessage(), e);
        }
    }

    private static void testcase(XMLStreamWriter xml, ReplayResult result, StepResult step) throws XMLStreamException {
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", "forkline.replay." + clean(result.replayedRun()));
        xml.writeAttribute("name", clean(String.format(Locale.ROOT, "%03d %s", step.number(), step.label())));
        xml.writeAttribute("time", seconds(step.durationMs()));
        String diffs = step.diffs().stream().map(d -> d.describe() + (d.excerpt() == null ? "" : "\n" + d.excerpt()))
                .collect(Collectors.joining("\n"));
        switch (step.status()) {
            case DIVERGED, NOT_CONTAINED -> {
                xml.writeStartElement("failure");
                xml.writeAttribute("type", step.status().wireName());
                xml.writeAttribute("message", clean(step.diffs().isEmpty() ? step.status().wireName() : step.diffs().getFirst().describe()));
                xml.writeCharacters(clean(diffs + (step.note() == null ? "" : "\n" + step.note())));
                xml.writeEndElement();
            }
            case NEEDS_DECISION -> {
                xml.writeStartElement("error");
                xml.writeAttribute("type", "needs-decision");
                xml.writeAttribute("message", clean(step.note() == null ? "needs a decision" : step.note()));
                xml.writeEndElement();
            }
            case STUBBED, DROPPED -> {
                xml.writeStartElement("skipped");
                xml.writeAttribute("message", clean(step.status().wireName() + (step.note() == null ? "" : ": " + step.note())));
                xml.writeEndElement();
            }
            default -> {
                if (!diffs.isEmpty() || step.note() != null) {
                    xml.writeStartElement("system-out");
                    xml.writeCharacters(clean(step.status().wireName() + (step.note() == null ? "" : ": " + step.note())
                            + (diffs.isEmpty() ? "" : "\n" + diffs)));
                    xml.writeEndElement();
                }
            }
        }
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    private static void property(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeEmptyElement("property");
        xml.writeAttribute("name", name);
        xml.writeAttribute("value", clean(value == null ? "" : value));
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
    }

    /** Drops characters XML 1.0 cannot carry (control characters, lone surrogates). */
    static String clean(String text) {
        StringBuilder s = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                s.append(c).append(text.charAt(++i));
            } else if (allowed) {
                s.append(c);
            } else {
                s.append('?');
            }
        }
        return s.toString();
    }
}
