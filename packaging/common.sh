# Shared by the packaging scripts (sourced, not run): paths, Java 25, the Maven build, the version, the staged
# application folder and the jlink runtime. Everything is written under packaging/target/.
PACKAGING="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$PACKAGING")"
TARGET="$PACKAGING/target"
# shellcheck source=packaging/java25.sh
. "$PACKAGING/java25.sh"
forkline_select_java || exit 4

APP_JAR="$ROOT/app/target/forkline-app.jar"
VERSION_PROPERTIES="$ROOT/app/target/classes/dev/forkline/app/version.properties"

say() { echo "packaging: $*" >&2; }

# Builds the jars with Maven when they are missing or older than a source file (the same rule as ./forkline).
packaging_build_jars() {
    if [ -f "$APP_JAR" ] && [ -f "$VERSION_PROPERTIES" ] && [ -z "$(find "$ROOT" -path "$ROOT/*/target" -prune -o \
            \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) -newer "$APP_JAR" -print -quit)" ]; then
        return 0
    fi
    say "building the jars with Maven (mvn install -DskipTests)"
    mkdir -p "$TARGET"
    if ! (cd "$ROOT" && mvn -B -q -DskipTests install >"$TARGET/maven.log" 2>&1); then
        tail -n 40 "$TARGET/maven.log" >&2
        say "the Maven build failed; see $TARGET/maven.log"
        exit 2
    fi
}

# The package version: the Maven project version without -SNAPSHOT (installers need plain numbers).
packaging_version() {
    local version
    version=$(sed -n 's/^version=//p' "$VERSION_PROPERTIES")
    version="${version%-SNAPSHOT}"
    [[ "$version" =~ ^[0-9]+(\.[0-9]+){0,2}$ ]] || { say "unusable version '$version' in $VERSION_PROPERTIES"; exit 2; }
    echo "$version"
}

# packaging/target/input: what jpackage copies to lib/app (the jars, class path = every jar in it, and the samples).
packaging_stage_input() {
    local input="$TARGET/input"
    rm -rf "$input"
    mkdir -p "$input/lib"
    cp "$APP_JAR" "$input/"
    cp "$ROOT"/app/target/lib/*.jar "$input/lib/"
    cp -R "$ROOT/sample-traces" "$input/sample-traces"
}

packaging_runtime_modules() {
    grep -v '^[[:space:]]*\(#\|$\)' "$PACKAGING/runtime-modules" | paste -sd, -
}

# packaging/target/runtime: a Java runtime with only the modules in packaging/runtime-modules. JavaFX is not in it:
# its jars (with their Linux natives) stay on the class path, exactly as ./forkline runs. Rebuilt only when the
# JDK, the module list or the options change.
packaging_build_runtime() {
    local runtime="$TARGET/runtime" modules stamp
    modules=$(packaging_runtime_modules)
    local options=(--strip-debug --no-header-files --no-man-pages --strip-native-commands --compress=zip-6)
    stamp="$JAVA_HOME $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1) $modules ${options[*]}"
    if [ -f "$TARGET/runtime.stamp" ] && [ "$(cat "$TARGET/runtime.stamp")" = "$stamp" ] && [ -f "$runtime/release" ]; then
        return 0
    fi
    say "linking the Java runtime: $modules"
    rm -rf "$runtime" "$TARGET/runtime.stamp"
    mkdir -p "$TARGET"
    "$JAVA_HOME/bin/jlink" --add-modules "$modules" "${options[@]}" --output "$runtime"
    echo "$stamp" >"$TARGET/runtime.stamp"
}

# Runs jpackage from the repository root (the argument files use paths relative to it), giving the launcher the
# product's JVM options: jpackage's launcher cannot read jvm.args itself.
packaging_jpackage() {
    local option java_options=()
    while IFS= read -r option; do
        java_options+=(--java-options "$option")
    done < <(grep -vE '^[[:space:]]*(#|$)' "$PACKAGING/jvm.args")
    (cd "$ROOT" && "$JAVA_HOME/bin/jpackage" "$@" "${java_options[@]}")
}
