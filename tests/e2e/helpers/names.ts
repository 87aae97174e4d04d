// Names that test whether a screen keeps every name whole: forty characters each, different from
// the first letter on (so no two share a cut-off prefix), one without any space.
/** `count` (at most 10) such names. */
export function longNames(count: number): string[] {
	const bases = [
		'Maximiliane Theresia von Oberhollenzer',
		'Hansruedi-Bartholomäus-Zwingliwegmatter',
		'Jean-Baptiste Alexandre de Montmorency',
		'Francescamariaantoniettadellagherardesca',
		'Anastasia Konstantinovna Rimskaya-Korsak',
		'Yvonne Charlotte Wilhelmina Scheidegger',
		'Bartholomew Christopher Featherstonehaug',
		'Giuseppina Annunziata Caracciolo-Pignate',
		'Hanspeter Adalbert Grünenfelder-Schmid',
		'Guðrún Sigríður Þórhallsdóttir Hjaltalín'
	];
	return bases.slice(0, count).map((b, i) => `${i}${b}`.padEnd(40, 'x').slice(0, 40));
}
