// `ExportPermissions` is Storage's (the rules for files derived from the data folder live there, so
// that the report need not depend on Exports for them); re-exported so that `import Exports` names it.
@_exported import enum Storage.ExportPermissions
