package io.patchpin.workspace;

/** What reading one file of one component gave. */
public sealed interface FileLookup {

    /** The file's bytes; {@code blobId} is the 40-hex blob id when read from a revision, else null. */
    record Found(byte[] content, String blobId) implements FileLookup {
    }

    /** The component is there but the file is not. */
    record FileMissing() implements FileLookup {
    }

    /**
     * The path is not a submodule where it is looked for; {@code notCheckedOut}:
     * it is one (a gitlink) but not initialised in the work tree.
     */
    record ComponentMissing(boolean notCheckedOut) implements FileLookup {
        public ComponentMissing() {
            this(false);
        }

        /** What the verdict says about {@code component}. */
        public String describe(String component, String where) {
            return notCheckedOut ? component + " is not checked out (git submodule update --init " + component + ")"
                    : "component " + component + " is not a submodule in the " + where;
        }
    }

    /** The component's commit is in no local object database; {@code mirror} is the mirror folder searched, or null. */
    record ObjectsMissing(String commit, String mirror) implements FileLookup {
        public ObjectsMissing(String commit) {
            this(commit, null);
        }

        /** What to do: suggest --mirror-dir only when none was given. */
        public String hint() {
            return mirror == null ? "fetch it or pass --mirror-dir" : "fetch it, into the mirror " + mirror + " or the submodule";
        }
    }
}
