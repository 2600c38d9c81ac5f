package dev.forkline.replay.tools;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The file types ripgrep knows by default for {@code --type}, limited to the common languages agents ask for; the
 * globs are ripgrep's own for those names and match the file name only. A name not listed here is reported as
 * not re-run rather than guessed.
 */
final class RipgrepTypes {

    private static final Map<String, List<String>> TYPES = Map.ofEntries(
            Map.entry("c", List.of("*.[chH]", "*.[chH].in", "*.cats")),
            Map.entry("cpp", List.of("*.[ChH]", "*.cc", "*.[ch]pp", "*.[ch]xx", "*.hh", "*.inl", "*.[ChH].in",
                    "*.cc.in", "*.[ch]pp.in", "*.[ch]xx.in", "*.hh.in")),
            Map.entry("cs", List.of("*.cs")),
            Map.entry("csharp", List.of("*.cs")),
            Map.entry("css", List.of("*.css", "*.scss")),
            Map.entry("csv", List.of("*.csv")),
            Map.entry("dart", List.of("*.dart")),
            Map.entry("docker", List.of("*Dockerfile*")),
            Map.entry("elixir", List.of("*.ex", "*.eex", "*.exs")),
            Map.entry("go", List.of("*.go")),
            Map.entry("gradle", List.of("*.gradle")),
            Map.entry("groovy", List.of("*.groovy", "*.gradle")),
            Map.entry("h", List.of("*.h", "*.hh", "*.hpp")),
            Map.entry("haskell", List.of("*.hs", "*.lhs", "*.cpphs", "*.c2hs", "*.hsc")),
            Map.entry("html", List.of("*.htm", "*.html", "*.ejs")),
            Map.entry("java", List.of("*.java", "*.jsp", "*.jspx", "*.properties")),
            Map.entry("js", List.of("*.js", "*.jsx", "*.vue", "*.cjs", "*.mjs")),
            Map.entry("json", List.of("*.json", "composer.lock")),
            Map.entry("jsonl", List.of("*.jsonl")),
            Map.entry("kotlin", List.of("*.kt", "*.kts")),
            Map.entry("lua", List.of("*.lua")),
            Map.entry("make", List.of("[Gg][Nn][Uu]makefile", "[Mm]akefile", "[Gg][Nn][Uu]makefile.am",
                    "[Mm]akefile.am", "[Gg][Nn][Uu]makefile.in", "[Mm]akefile.in", "*.mk", "*.mak")),
            Map.entry("markdown", List.of("*.markdown", "*.md", "*.mdown", "*.mdwn", "*.mkd", "*.mkdn")),
            Map.entry("md", List.of("*.markdown", "*.md", "*.mdown", "*.mdwn", "*.mkd", "*.mkdn")),
            Map.entry("php", List.of("*.php", "*.php3", "*.php4", "*.php5", "*.php7", "*.php8", "*.pht",
                    "*.phtml")),
            Map.entry("protobuf", List.of("*.proto")),
            Map.entry("py", List.of("*.py")),
            Map.entry("ruby", List.of("config.ru", "Gemfile", ".irbrc", "Rakefile", "*.gemspec", "*.rb", "*.rbw")),
            Map.entry("rust", List.of("*.rs")),
            Map.entry("scala", List.of("*.scala", "*.sbt")),
            Map.entry("sh", List.of(".login", ".logout", ".profile", "profile", ".bash_login", "bash_login",
                    ".bash_logout", "bash_logout", ".bash_profile", "bash_profile", ".bashrc", "bashrc",
                    "*.bashrc", ".cshrc", "*.cshrc", ".kshrc", "*.kshrc", ".tcshrc", ".zshenv", "zshenv",
                    ".zlogin", "zlogin", ".zlogout", "zlogout", ".zprofile", "zprofile", ".zshrc", "zshrc",
                    "*.bash", "*.csh", "*.ksh", "*.sh", "*.tcsh", "*.zsh")),
            Map.entry("sql", List.of("*.sql", "*.psql")),
            Map.entry("svg", List.of("*.svg")),
            Map.entry("swift", List.of("*.swift")),
            Map.entry("toml", List.of("*.toml", "Cargo.lock")),
            Map.entry("ts", List.of("*.ts", "*.tsx", "*.cts", "*.mts")),
            Map.entry("txt", List.of("*.txt")),
            Map.entry("xml", List.of("*.xml", "*.xml.dist", "*.dtd", "*.xsl", "*.xslt", "*.xsd", "*.xjb", "*.rng",
                    "*.sch", "*.xhtml")),
            Map.entry("yaml", List.of("*.yaml", "*.yml")));

    private RipgrepTypes() {
    }

    /** The globs of a type name, or empty when this table does not know the name. */
    static Optional<List<GlobPattern>> globs(String type) {
        List<String> globs = TYPES.get(type);
        return globs == null ? Optional.empty()
                : Optional.of(globs.stream().map(GlobPattern::compile).toList());
    }
}
