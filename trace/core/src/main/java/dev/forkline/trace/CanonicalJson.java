package dev.forkline.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * RFC 8785 JSON Canonicalization Scheme: members sorted by UTF-16 code units, no insignificant whitespace,
 * minimal string escaping, numbers written the way ECMAScript's Number.prototype.toString writes them.
 */
public final class CanonicalJson {

    private static final long MAX_SAFE_LONG = 9007199254740991L;
    private static final BigInteger MAX_SAFE_INTEGER = BigInteger.valueOf(MAX_SAFE_LONG);
    /** Objects of more members than this, not put in order, are sorted as a list (their order found by insertion sort up to it). */
    private static final int SORTED_IN_PLACE_UP_TO = 32;

    private CanonicalJson() {
    }

    public static String write(JsonNode node) {
        var out = CanonicalOutput.reused();
        write(node, out);
        return out.toString();
    }

    /** The canonical form of an object as if {@code omittedMember} were not there (used to hash events). */
    public static String writeWithout(JsonNode object, String omittedMember) {
        var out = CanonicalOutput.reused();
        writeObject(object, omittedMember, out);
        return out.toString();
    }

    static void write(JsonNode node, CanonicalOutput out) {
        switch (node.getNodeType()) {
            case OBJECT -> writeObject(node, null, out);
            case ARRAY -> {
                out.ascii('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        out.ascii(',');
                    }
                    write(node.get(i), out);
                }
                out.ascii(']');
            }
            case STRING -> out.string(node.textValue());
            case NUMBER -> writeNumber(node, out);
            case BOOLEAN -> out.ascii(node.booleanValue() ? "true" : "false");
            case NULL -> out.ascii("null");
            default -> throw new IllegalArgumentException("not representable in JSON: " + node.getNodeType());
        }
    }

    private static void writeObject(JsonNode node, String omittedMember, CanonicalOutput out) {
        if (node.properties() instanceof ObjectMembers.Entries entries
                && (entries.members().ascending() || entries.size() <= SORTED_IN_PLACE_UP_TO)) {
            writeMembers(entries.members(), omittedMember, out);
            return;
        }
        List<Map.Entry<String, JsonNode>> members = new ArrayList<>(node.size());
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            if (!member.getKey().equals(omittedMember)) {
                members.add(member);
            }
        }
        // String.compareTo compares UTF-16 code units, which is exactly RFC 8785's ordering.
        members.sort(Map.Entry.comparingByKey());
        out.ascii('{');
        for (int i = 0; i < members.size(); i++) {
            writeMember(members.get(i).getKey(), members.get(i).getValue(), i == 0, out);
        }
        out.ascii('}');
    }

    /** {@link #writeObject} for the members of a tree {@link Json#MAPPER} read or {@link Json#object} made: in place when put in order. */
    private static void writeMembers(ObjectMembers members, String omittedMember, CanonicalOutput out) {
        int count = members.size();
        int[] order = members.ascending() ? null : ascendingOrder(members);
        out.ascii('{');
        boolean first = true;
        for (int i = 0; i < count; i++) {
            int position = order == null ? i : order[i];
            String name = members.nameAt(position);
            if (name.equals(omittedMember)) {
                continue;
            }
            writeMember(name, members.valueAt(position), first, out);
            first = false;
        }
        out.ascii('}');
    }

    /** {@code "name":value}, after a comma unless it is the object's first member. */
    private static void writeMember(String name, JsonNode value, boolean first, CanonicalOutput out) {
        if (!first) {
            out.ascii(',');
        }
        out.string(name);
        out.ascii(':');
        write(value, out);
    }

    /** The members' positions sorted by name (String.compareTo: UTF-16 code units, RFC 8785's order); names are distinct. */
    private static int[] ascendingOrder(ObjectMembers members) {
        int count = members.size();
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            String name = members.nameAt(i);
            int at = i;
            while (at > 0 && members.nameAt(order[at - 1]).compareTo(name) > 0) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = i;
        }
        return order;
    }

    /** Whether the text has a surrogate without its partner: not Unicode, so not representable in canonical JSON. */
    public static boolean hasLoneSurrogate(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** An integer as {@link #writeNumber} writes an integral node of that value. */
    static void writeLong(long value, CanonicalOutput out) {
        if (value >= -MAX_SAFE_LONG && value <= MAX_SAFE_LONG) {
            out.decimal(value);
        } else {
            out.ascii(formatDouble(value));
        }
    }

    private static void writeNumber(JsonNode node, CanonicalOutput out) {
        if (node.isInt() || node.isLong()) {
            writeLong(node.longValue(), out);
            return;
        } else if (node.isIntegralNumber()) {
            BigInteger value = node.bigIntegerValue();
            if (value.abs().compareTo(MAX_SAFE_INTEGER) <= 0) {
                out.decimal(value.longValueExact());
                return;
            }
        }
        out.ascii(formatDouble(node.doubleValue()));
    }

    /**
     * The shortest decimal that rounds to {@code value} (positive, finite), the closest one when several are as short.
     * Since JDK 19 Double.toString yields exactly that, except that it never returns fewer than two significant digits:
     * where one digit would do (5e-324, written 4.9E-324) the closest one-digit decimal is tried as well.
     */
    private static BigDecimal shortestDecimal(double value) {
        BigDecimal decimal = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        if (decimal.precision() == 2) {
            BigDecimal oneDigit = new BigDecimal(value).round(new java.math.MathContext(1, java.math.RoundingMode.HALF_EVEN));
            if (oneDigit.doubleValue() == value) {
                return oneDigit.stripTrailingZeros();
            }
        }
        return decimal;
    }

    /** ECMAScript Number.prototype.toString for a finite double. */
    public static String formatDouble(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("NaN and Infinity are not valid JSON numbers");
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal decimal = shortestDecimal(Math.abs(value));
        String digits = decimal.unscaledValue().toString();
        int k = digits.length();
        int n = k - decimal.scale();
        var out = new StringBuilder(32);
        if (value < 0) {
            out.append('-');
        }
        if (k <= n && n <= 21) {
            out.append(digits).append("0".repeat(n - k));
        } else if (0 < n && n <= 21) {
            out.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.").append("0".repeat(-n)).append(digits);
        } else {
            out.append(digits.charAt(0));
            if (k > 1) {
                out.append('.').append(digits, 1, k);
            }
            int exponent = n - 1;
            out.append('e').append(exponent < 0 ? '-' : '+').append(Math.abs(exponent));
        }
        return out.toString();
    }
}
