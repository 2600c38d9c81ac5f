package dev.forkline.benchmarks.harness;

import java.util.Locale;

/**
 * One measured figure and its floor, both measured in the same run.
 *
 * @param name      e.g. {@code import.events}
 * @param what      what the value measures (one short phrase)
 * @param value     Forkline's figure
 * @param floor     the floor's figure, in the same unit
 * @param floorWhat what the floor measures
 * @param skipped   why the figure was not measured, or null
 */
public record Figure(String name, String what, double value, double floor, String floorWhat, Unit unit, Goal goal,
                     String skipped) {

    public static Figure measured(String name, String what, double value, double floor, String floorWhat, Unit unit, Goal goal) {
        return new Figure(name, what, value, floor, floorWhat, unit, goal, null);
    }

    public static Figure skipped(String name, String what, String why) {
        return new Figure(name, what, Double.NaN, Double.NaN, null, Unit.MILLIS, Goal.none(), why);
    }

    public double ratio() {
        return floor > 0 ? value / floor : Double.NaN;
    }

    public boolean measured() {
        return skipped == null;
    }

    public boolean meetsGoal() {
        return !measured() || goal.holds(value, ratio());
    }

    /** One line: name, value, floor, ratio, goal and verdict. */
    public String line() {
        if (!measured()) {
            return String.format(Locale.ROOT, "%-22s SKIPPED  %s (%s)", name, skipped, what);
        }
        return String.format(Locale.ROOT, "%-22s %11s  floor %11s  ratio %7.2f  goal %-13s %-4s  %s | floor: %s",
                name, unit.format(value), unit.format(floor), ratio(), goal.text(),
                goal.kind() == Goal.Kind.NONE ? "" : meetsGoal() ? "ok" : "MISS", what, floorWhat);
    }
}
