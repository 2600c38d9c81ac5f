package dev.forkline.trace.secrets;

/** Shannon entropy of a string's characters, in bits per character. */
final class Entropy {

    private Entropy() {
    }

    static double bitsPerChar(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        java.util.Map<Character, Integer> counts = new java.util.HashMap<>();
        for (int i = 0; i < text.length(); i++) {
            counts.merge(text.charAt(i), 1, Integer::sum);
        }
        double entropy = 0;
        for (int count : counts.values()) {
            double p = (double) count / text.length();
            entropy -= p * (Math.log(p) / Math.log(2));
        }
        return entropy;
    }
}
