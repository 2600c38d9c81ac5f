package dev.forkline.benchmarks.harness;

/** What a figure must meet: its ratio to the floor, or its own value, at most a bound. */
public record Goal(Kind kind, double bound, String text) {

    public enum Kind { RATIO, VALUE, NONE }

    public static Goal ratioAtMost(double bound) {
        return new Goal(Kind.RATIO, bound, "ratio <= " + trim(bound));
    }

    public static Goal valueAtMost(double bound, Unit unit) {
        return new Goal(Kind.VALUE, bound, "<= " + unit.format(bound));
    }

    public static Goal none() {
        return new Goal(Kind.NONE, 0, "-");
    }

    public boolean holds(double value, double ratio) {
        return switch (kind) {
            case RATIO -> ratio <= bound;
            case VALUE -> value <= bound;
            case NONE -> true;
        };
    }

    static String trim(double number) {
        return number == Math.rint(number) ? Long.toString((long) number) : Double.toString(number);
    }
}
