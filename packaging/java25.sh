# Sourced by Forkline's scripts: selects a Java 25 JDK whatever the default `java` is, and exports JAVA_HOME.
# Order: $FORKLINE_JAVA_HOME, $JAVA_HOME (when it is 25 or newer), the usual install places.
forkline_java_major() {
    local line version=""
    # a JDK's release file names its version: reading it spares every command a JVM started only to ask (0.1-0.2 s)
    if [ -r "$1/release" ]; then
        while IFS= read -r line; do
            case "$line" in
                JAVA_VERSION=*) version="${line#JAVA_VERSION=}"; version="${version//\"/}"; break ;;
            esac
        done < "$1/release"
    fi
    if [ -z "$version" ]; then
        version=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n 1)
    fi
    printf '%s\n' "${version%%.*}"
}

forkline_select_java() {
    local candidate major
    for candidate in "${FORKLINE_JAVA_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk-arm64 \
        /usr/lib/jvm/java-25-openjdk-amd64 /usr/lib/jvm/java-25-openjdk-arm64 /usr/lib/jvm/*25* /opt/java/openjdk; do
        [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] || continue
        major=$(forkline_java_major "$candidate")
        if [ -n "$major" ] && [ "${major%%.*}" -ge 25 ] 2>/dev/null; then
            export JAVA_HOME="$candidate"
            export PATH="$JAVA_HOME/bin:$PATH"
            return 0
        fi
    done
    echo "forkline: Java 25 is required and none was found. Install a JDK 25 (e.g. Temurin 25) and set FORKLINE_JAVA_HOME to it." >&2
    return 4
}
