// UIKit's own type names, where UIKit is not there to give them: items
// without content (`Never`), as UIKit's. A screen's code written against
// UIKit compiles with its import line and its data source's construction
// changed (`DiffableDataSource<SectionID, ItemID>()`: there is no view).

#if !canImport(UIKit)
/// UIKit's `NSDiffableDataSourceSnapshot`: a ``Snapshot`` of items without content.
public typealias NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> =
  Snapshot<SectionIdentifierType, ItemIdentifierType, Never>

/// UIKit's `NSDiffableDataSourceSectionSnapshot`: a ``SectionSnapshot`` of items without content.
public typealias NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> = SectionSnapshot<ItemIdentifierType, Never>

/// UIKit's `NSDiffableDataSourceTransaction`: what a reorder did.
public typealias NSDiffableDataSourceTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> =
  ContentDiffableDataSource<SectionIdentifierType, ItemIdentifierType, Never>.Transaction

/// UIKit's `NSDiffableDataSourceSectionTransaction`: what a reorder did to one section.
public typealias NSDiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> =
  ContentDiffableDataSource<SectionIdentifierType, ItemIdentifierType, Never>.SectionTransaction
#endif
