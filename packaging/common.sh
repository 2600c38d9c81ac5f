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

# packaging/target/app-image/forkline: jpackage's app image, with Forkline's start-up cache recorded in it (JDK 25's
# ahead-of-time cache, as ./forkline records one after each build; docs/architecture.md, "Start-up"): the installed
# window starts in about 4 s instead of 7 under Xvfb on the 2-core build machine. The cache is used only with the
# jars it was recorded from, same path relative to it (the JVM relocates a moved folder) and same modification time;
# every file of the image is given the app jar's time, and installers keep it (SOURCE_DATE_EPOCH, packaging_epoch).
packaging_app_image() {
    local version image="$TARGET/app-image/forkline"
    packaging_build_jars
    packaging_build_runtime
    packaging_stage_input
    version=$(packaging_version)
    rm -rf "$TARGET/app-image"
    say "jpackage --type app-image (version $version)"
    packaging_jpackage --type app-image --app-version "$version" --dest packaging/target/app-image \
        @packaging/jpackage/identity.args @packaging/jpackage/app.args @packaging/jpackage/linux.args
    find "$image" -exec touch -h -d "@$(packaging_epoch)" {} +
    packaging_startup_cache "$image"
    find "$image" -exec touch -h -d "@$(packaging_epoch)" {} +
}

# Whether the app image holds the jars built now and its start-up cache (build-deb then packages it as it is).
packaging_app_image_current() {
    local app="$TARGET/app-image/forkline/lib/app"
    [ -x "$TARGET/app-image/forkline/bin/forkline" ] && [ -s "$app/forkline.aot" ] && cmp -s "$APP_JAR" "$app/forkline-app.jar"
}

# The time every file of a package carries: the app jar's, so that the start-up cache recorded against the jars of
# the app image holds for the installed copy (a .deb gets it through SOURCE_DATE_EPOCH, which dpkg-deb clamps to).
packaging_epoch() {
    stat -c %Y "$APP_JAR"
}

# Records the start-up cache into an app image with its own launcher and runtime, in the two steps of JDK 25 (the
# one-step -XX:AOTCacheOutput starts a `java` the jlinked runtime does not have): the startup-training run over the
# bundled samples records, in a scratch folder; a second start creates lib/app/forkline.aot from the recording and
# exits. The launcher's configuration then names the cache; a cache the JVM refuses is ignored without a word, as
# with ./forkline. A failure fails the build: a package without the cache would start as slowly as before.
packaging_startup_cache() {
    local image="$1" scratch log="$TARGET/startup-cache.log"
    local app="$image/lib/app"
    scratch=$(mktemp -d)
    say "recording the start-up cache (the startup-training run over the samples, about 15 s)"
    if env -u JAVA_HOME -u JDK_JAVA_OPTIONS HOME="$scratch/home" XDG_STATE_HOME="$scratch/state" XDG_DATA_HOME="$scratch/data" \
            XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache" \
            JAVA_TOOL_OPTIONS="-Duser.home=$scratch/home -XX:AOTMode=record -XX:AOTConfiguration=$scratch/forkline.aotconf" \
            timeout 180 "$image/bin/forkline" startup-training "$app/sample-traces" "$scratch/work" >"$log" 2>&1 \
        && env -u JAVA_HOME -u JDK_JAVA_OPTIONS HOME="$scratch/home" \
            JAVA_TOOL_OPTIONS="-XX:AOTMode=create -XX:AOTConfiguration=$scratch/forkline.aotconf -XX:AOTCache=$app/forkline.aot" \
            timeout 180 "$image/bin/forkline" --version >>"$log" 2>&1 \
        && [ -s "$app/forkline.aot" ]; then
        rm -rf "$scratch"
        printf '%s\n' 'java-options=-XX:AOTCache=$APPDIR/forkline.aot' 'java-options=-Xlog:aot=off' 'java-options=-Xlog:cds=off' \
            >>"$app/forkline.cfg"
        say "start-up cache: $app/forkline.aot ($(du -h "$app/forkline.aot" | cut -f1))"
    else
        rm -rf "$scratch" "$app/forkline.aot"
        tail -n 20 "$log" >&2
        say "the start-up cache could not be recorded; see $log"
        exit 2
    fi
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
