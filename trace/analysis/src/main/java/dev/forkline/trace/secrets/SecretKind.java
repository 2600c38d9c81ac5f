package dev.forkline.trace.secrets;

/** What a detected secret looks like. The wire name is stable (tools and tests match on it). */
public enum SecretKind {
    ANTHROPIC_API_KEY("anthropic-api-key", "Anthropic API key"),
    OPENAI_API_KEY("openai-api-key", "OpenAI API key"),
    AWS_ACCESS_KEY_ID("aws-access-key-id", "AWS access key id"),
    GITHUB_TOKEN("github-token", "GitHub token"),
    SLACK_TOKEN("slack-token", "Slack token"),
    GOOGLE_API_KEY("google-api-key", "Google API key"),
    JWT("jwt", "JSON Web Token"),
    PRIVATE_KEY("private-key", "PEM private key block"),
    URL_PASSWORD("url-password", "password in a URL"),
    ASSIGNED_SECRET("assigned-secret", "password, token or key given on a command line"),
    AUTHORIZATION_HEADER("authorization-header", "credential in an Authorization header"),
    SENSITIVE_FIELD("sensitive-field", "value of a field named like a credential"),
    HIGH_ENTROPY("high-entropy", "high-entropy string in an environment variable");

    private final String wireName;
    private final String label;

    SecretKind(String wireName, String label) {
        this.wireName = wireName;
        this.label = label;
    }

    public String wireName() {
        return wireName;
    }

    /** For people, e.g. "Anthropic API key". */
    public String label() {
        return label;
    }
}
