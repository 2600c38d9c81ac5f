package dev.forkline.trace.secrets;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Credentials recognisable by where they are rather than by their shape: values of fields and environment variables
 * named like credentials, Authorization headers, and high-entropy environment values. Decides for one string value
 * given the name it is stored under ({@code key}) and the name of the object holding it ({@code parentKey}).
 */
final class SensitiveFields {

    private static final List<String> PASSWORD_NAMES = List.of("password", "passwd", "passphrase");
    private static final List<String> TOKEN_SUFFIXES = List.of("token", "secret", "apikey", "accesskey", "secretkey",
            "privatekey", "clientsecret", "credential", "credentials", "sessionkey", "signingkey", "authkey", "bearer");
    /** Names that mention a credential but hold something else: a path to it, its type, a hint about it... */
    private static final List<String> NOT_VALUES = List.of("file", "path", "dir", "env", "var", "hint", "policy", "length",
            "prompt", "field", "type", "name", "id", "url", "count", "limit", "usage", "header");
    private static final List<String> ENV_PARENTS = List.of("env", "environ", "envvars", "environmentvariables");
    private static final List<String> AUTH_HEADERS = List.of("authorization", "proxyauthorization", "xapikey", "xauthtoken");
    private static final Pattern AUTH_SCHEME = Pattern.compile("(?i)^(?:bearer|basic|token|bot|digest)\\s+");
    private static final Pattern DIGEST = Pattern.compile("(?:sha256:)?(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})");
    private static final Pattern CREDENTIAL_FLAG = Pattern.compile(
            "(?i)--?(?:password|passwd|passphrase|token|secret|api[-_]?key|access[-_]?key|auth[-_]?token|client[-_]?secret)");

    private SensitiveFields() {
    }

    /** The kind of secret {@code value} is because of where it is, or null. */
    static SecretKind judge(String key, String parentKey, String value) {
        if (key == null || value.isEmpty() || value.length() > 16 * 1024) {
            return null;
        }
        String name = normalise(key);
        if (AUTH_HEADERS.contains(name)) {
            String credential = AUTH_SCHEME.matcher(value.strip()).replaceFirst("");
            return credential.length() >= 8 && !Placeholders.isPlaceholder(credential) ? SecretKind.AUTHORIZATION_HEADER : null;
        }
        boolean inEnvironment = parentKey != null && ENV_PARENTS.contains(normalise(parentKey));
        if (namesCredential(name)) {
            if (Placeholders.isPlaceholder(value) || value.strip().contains(" ") && !inEnvironment) {
                return null;
            }
            boolean password = containsAny(name, PASSWORD_NAMES);
            if (password || inEnvironment) {
                return value.length() >= (password ? 4 : 8) ? SecretKind.SENSITIVE_FIELD : null;
            }
            return value.length() >= 12 && Entropy.bitsPerChar(value) >= 3.0 ? SecretKind.SENSITIVE_FIELD : null;
        }
        if (inEnvironment && looksRandom(value)) {
            return SecretKind.HIGH_ENTROPY;
        }
        return null;
    }

    /** For argv arrays: {@code ["mysql", "--password", "hunter22"]} makes the element after a credential flag sensitive. */
    static boolean isCredentialFlag(String text) {
        return text.length() <= 20 && text.startsWith("-") && CREDENTIAL_FLAG.matcher(text).matches();
    }

    /** Asked of every key, so the test that fails for most keys (does it name a credential at all?) comes first. */
    private static boolean namesCredential(String name) {
        if (!containsAny(name, PASSWORD_NAMES) && !endsWithAny(name, TOKEN_SUFFIXES)) {
            return false;
        }
        for (String notValue : NOT_VALUES) {
            if (name.endsWith(notValue) && !name.equals(notValue)) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsAny(String name, List<String> parts) {
        for (String part : parts) {
            if (name.contains(part)) {
                return true;
            }
        }
        return false;
    }

    private static boolean endsWithAny(String name, List<String> suffixes) {
        for (String suffix : suffixes) {
            if (name.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    /** Long, mixed, no spaces, not a path, URL, list or digest: what generated keys look like. */
    static boolean looksRandom(String value) {
        if (value.length() < 20 || value.length() > 4096) {
            return false;
        }
        char first = value.charAt(0);
        if (first == '/' || first == '.' || first == '~' || value.contains("://") || value.indexOf(':') >= 0
                || value.chars().anyMatch(Character::isWhitespace) || DIGEST.matcher(value).matches()) {
            return false;
        }
        int classes = (value.chars().anyMatch(Character::isLowerCase) ? 1 : 0)
                + (value.chars().anyMatch(Character::isUpperCase) ? 1 : 0)
                + (value.chars().anyMatch(Character::isDigit) ? 1 : 0);
        return classes >= 2 && Entropy.bitsPerChar(value) >= 4.0;
    }

    private static String normalise(String key) {
        if (isNormal(key)) {
            return key;
        }
        StringBuilder out = new StringBuilder(key.length());
        for (int i = 0; i < key.length() && i < 100; i++) {
            char c = key.charAt(i);
            if (c != '-' && c != '_' && c != '.' && c != ' ') {
                out.append(Character.toLowerCase(c));
            }
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    /** Whether {@link #normalise} would return the key as it is: most keys are short, lower-case ASCII words. */
    private static boolean isNormal(String key) {
        if (key.length() > 100) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c >= 128 || c >= 'A' && c <= 'Z' || c == '-' || c == '_' || c == '.' || c == ' ') {
                return false;
            }
        }
        return true;
    }
}
