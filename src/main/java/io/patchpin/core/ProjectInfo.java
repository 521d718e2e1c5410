package io.patchpin.core;

/** What reports say about patchpin itself: its version and where its manual lives. */
public final class ProjectInfo {
    /** The project's home, where the README (the manual, with the verdict table) is read. */
    public static final String HOME = "https://github.com/patchpin/patchpin";

    private ProjectInfo() {}

    /** The version the jar was built as, from its manifest; "0.1.0-dev" when run from classes. */
    public static String version() {
        String v = ProjectInfo.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-dev" : v;
    }
}
