package io.patchpin.workspace;

/** What reading one file of one component gave. */
public sealed interface FileLookup {

    /** The file's bytes; {@code blobId} is the 40-hex blob id when read from a revision, else null. */
    record Found(byte[] content, String blobId) implements FileLookup {}

    /** The component is there but the file is not. */
    record FileMissing() implements FileLookup {}

    /**
     * The path is not a submodule where it is looked for; {@code notCheckedOut}: it is one (a gitlink) but not
     * initialised in the work tree.
     */
    record ComponentMissing(boolean notCheckedOut) implements FileLookup {
        public ComponentMissing() {
            this(false);
        }

        /** What the verdict says about {@code component}. */
        public String describe(String component, String where) {
            return notCheckedOut
                    ? component + " is not checked out (git submodule update --init " + component + ")"
                    : "component " + component + " is not a submodule in the " + where;
        }
    }

    /**
     * The component's commit is in no local object database; {@code mirror} is the mirror folder searched, or null.
     * {@code object}, when not null, is an object of that commit missing from {@code repository}, which does hold the
     * commit (a partial clone made with --filter).
     */
    record ObjectsMissing(String commit, String mirror, String object, String repository) implements FileLookup {
        public ObjectsMissing(String commit) {
            this(commit, null);
        }

        public ObjectsMissing(String commit, String mirror) {
            this(commit, mirror, null, null);
        }

        /** What to do: suggest --mirror-dir only when none was given. */
        public String hint() {
            return mirror == null
                    ? "fetch it or pass --mirror-dir"
                    : "fetch it, into the mirror " + mirror + " or the submodule";
        }

        /** One line saying what is missing, for {@code component}. */
        public String describe(String component) {
            if (object != null) {
                return "object " + object + " of commit " + commit.substring(0, 12) + " of " + component
                        + " is missing from " + repository + " (a partial clone? fetch the objects into it)";
            }
            return "commit " + commit.substring(0, 12) + " of " + component + " is in no local object database ("
                    + hint() + ")";
        }
    }
}
