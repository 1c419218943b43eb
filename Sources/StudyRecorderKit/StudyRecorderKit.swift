// StudyRecorderKit: the one import another Swift program needs to record EEG, watch signal quality
// live, upload, and run a study's due session, the way app developers use a device SDK. The modules
// below the kit are machinery: a declaration there is `public` only when it is SDK surface, and then
// the kit re-exports its type here, one by one; everything else is `package` (reachable inside this
// package, never by a client). So the BLE stack, the simulated headband, the signal processing's
// internals, Storage's HDF5 layer, the uploader and the study runner's machinery are not a client's
// to call: recording, uploading and running a session each have one door, the kit's, with its locks
// and sealing (docs/library.md, "What the kit exports"; docs/decisions/0013). The list is every
// public type of those modules (`scripts/kit-exports`; Tests/StudyRecorderKitTests/KitSurfaceTests.swift
// checks it).
