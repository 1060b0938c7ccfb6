<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
  <context>
    <name>SpatialPrivacy</name>
    <message>
      <location filename="processing_provider/base.py" line="119" />
      <source>Disclosure ceiling ρ (k = ⌈1/ρ⌉); leave empty to use the policy file</source>
      <translation>Plafond de divulgation ρ (k = ⌈1/ρ⌉) ; laisser vide pour utiliser le fichier de politique</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="122" />
      <source>Policy file (TOML or JSON)</source>
      <translation>Fichier de politique (TOML ou JSON)</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="124" />
      <source>Policy files (*.toml *.json)</source>
      <translation>Fichiers de politique (*.toml *.json)</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="135" />
      <source>Protection level p: least width of a withheld cell's derivable interval (empty: the policy's, else ⌈k/2⌉)</source>
      <translation>Niveau de protection p : largeur minimale de l'intervalle déductible d'une maille masquée (vide : celui de la politique, sinon ⌈k/2⌉)</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="157" />
      <source>Cancelled: no output was completed.</source>
      <translation>Annulé : aucune sortie n'a été terminée.</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="45" />
      <source>Spatial Privacy needs the Python packages {modules}. On Debian or Ubuntu: sudo apt install {packages}; elsewhere install them into QGIS's Python (OSGeo4W Shell: python -m pip install {modules}).</source>
      <translation>Spatial Privacy a besoin des paquets Python {modules}. Sous Debian ou Ubuntu : sudo apt install {packages} ; ailleurs, installez-les dans le Python de QGIS (OSGeo4W Shell : python -m pip install {modules}).</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="53" />
      <source>Grids and suppression</source>
      <translation>Grilles et secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="54" />
      <source>Release gates</source>
      <translation>Contrôles de diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="109" />
      <source>Grid origin: {x}, {y} (in {crs}). Reuse it in later releases so that grids stay aligned.</source>
      <translation>Origine de la grille : {x}, {y} (en {crs}). Réutilisez-la dans les diffusions suivantes pour que les grilles restent alignées.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="116" />
      <source>k = {k} from ρ = {rho} (policy {hash}); counting unit: {unit}; {people} distinct ids in {points} points.</source>
      <translation>k = {k} d'après ρ = {rho} (politique {hash}) ; unité de compte : {unit} ; {people} identifiants distincts dans {points} points.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="13" />
      <source>none</source>
      <translation>aucun</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="13" />
      <source>grand total</source>
      <translation>total général</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="13" />
      <source>parent cells</source>
      <translation>mailles parentes</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="14" />
      <source>grand total and parent cells</source>
      <translation>total général et mailles parentes</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="42" />
      <source>Points of people (projected CRS in metres)</source>
      <translation>Points des personnes (SCR projeté en mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="45" />
      <source>Person id field (counts are of distinct ids)</source>
      <translation>Champ identifiant de personne (on compte les identifiants distincts)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="50" />
      <source>Grid origin (lower-left corner; empty: smallest x and y of the points)</source>
      <translation>Origine de la grille (coin inférieur gauche ; vide : plus petits x et y des points)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="53" />
      <source>Published attribute fields (the key is cell × these attributes)</source>
      <translation>Champs d'attributs publiés (la clé est maille × ces attributs)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="59" />
      <source>Totals published beside the grid (withheld cells must not be recoverable from them)</source>
      <translation>Totaux publiés à côté de la grille (les mailles masquées ne doivent pas pouvoir en être déduites)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="63" />
      <source>Parent cells: how many cells wide (a 250 m grid with 1 km parents: 4)</source>
      <translation>Mailles parentes : largeur en mailles (grille de 250 m avec parents de 1 km : 4)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="90" />
      <source>The input layer could not be opened.</source>
      <translation>La couche d'entrée n'a pas pu être ouverte.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="93" />
      <source>Choose the field that identifies people.</source>
      <translation>Choisissez le champ qui identifie les personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="98" />
      <source>Multipoint features were exploded into {count} points; each part counts for the same person, so no count is inflated.</source>
      <translation>Les entités multipoints ont été éclatées en {count} points ; chaque partie compte pour la même personne, aucun effectif n'est donc gonflé.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="109" />
      <source>The input must be a point layer.</source>
      <translation>L'entrée doit être une couche de points.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="141" />
      <source>{count} feature(s) have no geometry or an empty one. Repair or remove them (e.g. with 'Remove null geometries') so that nobody is left out of the counts.</source>
      <translation>{count} entité(s) n'ont pas de géométrie ou une géométrie vide. Réparez-les ou supprimez-les (par ex. avec « Supprimer les géométries nulles ») pour que personne ne soit oublié dans les comptages.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="146" />
      <source>The input layer has no features (or none selected): there is nothing to assess.</source>
      <translation>La couche d'entrée n'a aucune entité (ou aucune sélectionnée) : il n'y a rien à évaluer.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="68" />
      <source>The field '{field}' is not in the layer; its fields are: {available}. Choose one of them.</source>
      <translation>Le champ « {field} » n'existe pas dans la couche ; ses champs sont : {available}. Choisissez-en un.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="76" />
      <source>The layer has no valid CRS. Set its CRS, then reproject it to a projected CRS in metres before binning.</source>
      <translation>La couche n'a pas de SCR valide. Définissez son SCR, puis reprojetez-la dans un SCR projeté en mètres avant le maillage.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="80" />
      <source>The layer's CRS {crs} is geographic (degrees): reproject to a metric CRS before binning (e.g. a UTM zone or your national grid).</source>
      <translation>Le SCR de la couche {crs} est géographique (degrés) : reprojetez dans un SCR métrique avant le maillage (par ex. une zone UTM ou votre projection nationale).</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="84" />
      <source>The layer's CRS {crs} is not in metres: reproject to a metric CRS before binning.</source>
      <translation>Le SCR de la couche {crs} n'est pas en mètres : reprojetez dans un SCR métrique avant le maillage.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="129" />
      <source>Auditing against other layers needs the geometry of the records to publish; the input is a table. Give the grid layer itself.</source>
      <translation>L'audit par rapport à d'autres couches a besoin de la géométrie des enregistrements à publier ; l'entrée est une table. Donnez la couche de grille elle-même.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="137" />
      <source>The audit layer '{layer}' has no field '{field}': name its count field in the audit count field.</source>
      <translation>La couche d'audit « {layer} » n'a pas de champ « {field} » : indiquez son champ de comptage dans le champ de comptage d'audit.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="144" />
      <source>Audit: {count} published total(s) from '{layer}'.</source>
      <translation>Audit : {count} total(aux) publié(s) d'après « {layer} ».</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="149" />
      <source>Audit: narrowest attacker interval of a withheld record: {width:g} (p = {p:g}).</source>
      <translation>Audit : plus étroit intervalle d'attaque d'un enregistrement masqué : {width:g} (p = {p:g}).</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="16" />
      <source>k-anonymity gate</source>
      <translation>Contrôle de k-anonymat</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="17" />
      <source>Blocks the release (and stops the model) when any published record counts fewer than k people; passes the layer through unchanged otherwise.</source>
      <translation>Bloque la diffusion (et arrête le modèle) si un enregistrement publié compte moins de k personnes ; sinon transmet la couche inchangée.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="19" />
      <source>privacy,disclosure,k-anonymity,gate,check,release,model</source>
      <translation>confidentialité,divulgation,k-anonymat,contrôle,vérification,diffusion,modèle</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="36" />
      <source>Layer or table to publish</source>
      <translation>Couche ou table à publier</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="38" />
      <source>Count field (distinct people per record)</source>
      <translation>Champ de comptage (personnes distinctes par enregistrement)</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="43" />
      <source>Status field (records marked primary or complementary are withheld)</source>
      <translation>Champ de statut (les enregistrements marqués primary ou complementary sont masqués)</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="46" />
      <source>Checked layer (unchanged)</source>
      <translation>Couche contrôlée (inchangée)</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="48" />
      <source>Audit: other published layers with totals (e.g. the coarser grid released beside this one)</source>
      <translation>Audit : autres couches publiées portant des totaux (par ex. la grille plus grossière diffusée à côté)</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="52" />
      <source>Audit: count field of those layers</source>
      <translation>Audit : champ de comptage de ces couches</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="55" />
      <source>Audit: published total over all records</source>
      <translation>Audit : total publié sur l'ensemble des enregistrements</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="58" />
      <source>Passed</source>
      <translation>Réussi</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="60" />
      <source>Narrowest attacker interval of a withheld record</source>
      <translation>Plus étroit intervalle d'attaque d'un enregistrement masqué</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="61" />
      <source>Smallest published count</source>
      <translation>Plus petit effectif publié</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="62" />
      <source>Published records checked</source>
      <translation>Enregistrements publiés contrôlés</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="63" />
      <source>k</source>
      <translation>k</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="76" />
      <source>Choose the field that holds the counts.</source>
      <translation>Choisissez le champ qui contient les effectifs.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="80" />
      <source>The count field '{field}' is not numeric ({type}): the gate needs counts of people. Choose a numeric field, or convert it with the field calculator in a copy.</source>
      <translation>Le champ de comptage « {field} » n'est pas numérique ({type}) : le contrôle a besoin d'effectifs de personnes. Choisissez un champ numérique, ou convertissez-le avec la calculatrice de champ dans une copie.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="94" />
      <source>k-anonymity gate FAILED (k = {k}, policy {hash}): {problems}</source>
      <translation>ÉCHEC du contrôle de k-anonymat (k = {k}, politique {hash}) : {problems}</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="97" />
      <source>k-anonymity gate passed: {checked} published record(s), all with at least k = {k} people.</source>
      <translation>Contrôle de k-anonymat réussi : {checked} enregistrement(s) publié(s), tous avec au moins k = {k} personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/provider.py" line="20" />
      <source>Spatial Privacy</source>
      <translation>Confidentialité spatiale</translation>
    </message>
    <message>
      <location filename="processing_provider/provider.py" line="23" />
      <source>Spatial Privacy {version}</source>
      <translation>Confidentialité spatiale {version}</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="103" />
      <source>{res:g} m with {marginals} published: {complementary} complementary cells, {total:.1%} withheld in all, {bad} cell(s) that no pattern can protect.</source>
      <translation>{res:g} m avec {marginals} publié(s) : {complementary} mailles de secret secondaire, {total:.1%} masquées au total, {bad} maille(s) qu'aucun schéma ne peut protéger.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="110" />
      <source>At {res:g} m the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): the holes form areas, so prefer a coarser geometry there rather than a higher tolerance.</source>
      <translation>À {res:g} m les mailles masquées se regroupent (I de Moran {moran:.2f}, z {z:.1f}) : les trous forment des zones, préférez donc une géométrie plus grossière plutôt qu'une tolérance plus élevée.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="116" />
      <source>No cell size is publishable under this policy (k = {k}, tolerance {tolerance:.0%}). Sweep coarser cells than {coarsest:g} m, or publish per density band; never lower k: it follows from the accepted disclosure probability.</source>
      <translation>Aucune taille de maille n'est publiable avec cette politique (k = {k}, tolérance {tolerance:.0%}). Balayez des mailles plus grossières que {coarsest:g} m, ou publiez par strate de densité ; ne baissez jamais k : il découle de la probabilité de divulgation acceptée.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="122" />
      <source>Recommended cell size: {res:g} m, the finest that keeps the withheld share within the tolerance at k = {k}.</source>
      <translation>Taille de maille recommandée : {res:g} m, la plus fine qui garde la part masquée dans la tolérance avec k = {k}.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="26" />
      <source>Resolution sweep</source>
      <translation>Balayage des résolutions</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="27" />
      <source>Counts distinct people per grid cell at several cell sizes and shows which sizes satisfy the policy's k and suppression tolerance.</source>
      <translation>Compte les personnes distinctes par maille à plusieurs tailles de maille et montre quelles tailles respectent le k et la tolérance de secret de la politique.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="29" />
      <source>privacy,disclosure,k-anonymity,grid,resolution,sweep,suppression</source>
      <translation>confidentialité,divulgation,k-anonymat,grille,résolution,balayage,secret</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="40" />
      <source>Cell sizes in metres, comma separated</source>
      <translation>Tailles de maille en mètres, séparées par des virgules</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="44" />
      <source>Suppression tolerance: share of cells that may be withheld (empty: the policy's, else 0.20)</source>
      <translation>Tolérance de secret : part des mailles qui peuvent être masquées (vide : celle de la politique, sinon 0,20)</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="49" />
      <source>Sweep table</source>
      <translation>Table du balayage</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="52" />
      <source>Recommended (finest publishable) cell size</source>
      <translation>Taille de maille recommandée (la plus fine publiable)</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="64" />
      <source>{coarse:g} m cells are not unions of {fine:g} m cells: releasing both invites differencing (subtract overlapping cells to isolate small areas). Release only nested resolutions (each a whole multiple of the finer) on one origin.</source>
      <translation>Les mailles de {coarse:g} m ne sont pas des unions de mailles de {fine:g} m : diffuser les deux expose à la différenciation (soustraire des mailles qui se chevauchent pour isoler de petites zones). Ne diffusez que des résolutions emboîtées (chacune multiple entier de la plus fine) sur une même origine.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="97" />
      <source>publishable</source>
      <translation>publiable</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="97" />
      <source>not publishable</source>
      <translation>non publiable</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="98" />
      <source>{res:g} m: {cells} cells, {withheld} withheld ({share:.1%}); {verdict}.</source>
      <translation>{res:g} m : {cells} mailles, {withheld} masquées ({share:.1%}) ; {verdict}.</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="113" />
      <source>{published} cells published, {withheld} withheld (primary suppression, fewer than {k} people).</source>
      <translation>{published} mailles publiées, {withheld} masquées (secret primaire, moins de {k} personnes).</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="117" />
      <source>No published totals were declared: if totals (grand total, coarser cells) are published beside this grid, withheld cells may be recovered by subtraction. Declare them so that complementary cells are withheld.</source>
      <translation>Aucun total publié n'a été déclaré : si des totaux (total général, mailles plus grossières) sont publiés à côté de cette grille, les mailles masquées peuvent être retrouvées par soustraction. Déclarez-les pour que des mailles de secret secondaire soient masquées.</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="122" />
      <source>{complementary} complementary cell(s) withheld so that no withheld cell can be narrowed below p = {p:g} from the {marginals}; smallest attacker interval: {width:g}.</source>
      <translation>{complementary} maille(s) de secret secondaire masquée(s) pour qu'aucune maille masquée ne puisse être resserrée sous p = {p:g} à partir de : {marginals} ; plus petit intervalle d'attaque : {width:g}.</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="20" />
      <source>Suppressed grid</source>
      <translation>Grille avec secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="21" />
      <source>Square cells with the number of distinct people in each; cells with fewer than k people are withheld (primary suppression), and more cells where published totals would give them away (complementary).</source>
      <translation>Mailles carrées avec le nombre de personnes distinctes dans chacune ; les mailles de moins de k personnes sont masquées (secret primaire), ainsi que d'autres mailles là où des totaux publiés les trahiraient (secret secondaire).</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="24" />
      <source>privacy,disclosure,k-anonymity,grid,suppression,count,census grid</source>
      <translation>confidentialité,divulgation,k-anonymat,grille,secret,comptage,grille carroyée</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="37" />
      <source>Cell size (metres)</source>
      <translation>Taille de maille (mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="44" />
      <source>Audit of withheld cells (attacker's bounds)</source>
      <translation>Audit des mailles masquées (bornes de l'attaquant)</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="47" />
      <source>Published cells</source>
      <translation>Mailles publiées</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="48" />
      <source>Withheld cells</source>
      <translation>Mailles masquées</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="67" />
      <source>{count} withheld cell(s) cannot be protected against the declared totals: every cell that shares a published total with them is withheld and the total leaves less than p open. Lower none of the policy: publish fewer totals, or use a coarser grid.</source>
      <translation>{count} maille(s) masquée(s) ne peuvent pas être protégées contre les totaux déclarés : toutes les mailles qui partagent avec elles un total publié sont masquées et le total laisse moins de p d'incertitude. N'assouplissez pas la politique : publiez moins de totaux, ou utilisez une grille plus grossière.</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="79" />
      <source>The attribute field(s) {fields} share a name with an output field; rename them in a copy of the layer first.</source>
      <translation>Le(s) champ(s) d'attributs {fields} portent le nom d'un champ de sortie ; renommez-les d'abord dans une copie de la couche.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="100" />
      <source>{count} withheld record(s) still carry a count: a withheld value must be NULL in every output. Blank the count of withheld records.</source>
      <translation>{count} enregistrement(s) masqué(s) portent encore un effectif : une valeur masquée doit être NULL dans toute sortie. Videz l'effectif des enregistrements masqués.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="135" />
      <source>{count} primary withheld record(s) can be narrowed by an attacker to an interval narrower than p = {p:g} using the published totals. Withhold more cells (complementary suppression) or publish fewer totals.</source>
      <translation>{count} enregistrement(s) en secret primaire peuvent être resserrés par un attaquant dans un intervalle plus étroit que p = {p:g} à l'aide des totaux publiés. Masquez davantage de mailles (secret secondaire) ou publiez moins de totaux.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="141" />
      <source>{count} withheld record(s) can be recovered exactly from the published totals.</source>
      <translation>{count} enregistrement(s) masqué(s) peuvent être retrouvés exactement à partir des totaux publiés.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="51" />
      <source>{count} record(s) have a status in '{field}' that is none of {known} (e.g. {examples}): the gate cannot tell whether they are published.</source>
      <translation>{count} enregistrement(s) ont dans « {field} » un statut qui n'est aucun de {known} (par ex. {examples}) : le contrôle ne peut pas savoir s'ils sont publiés.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="70" />
      <source>The input has no records: there is nothing to check, and missing evidence never passes the gate.</source>
      <translation>L'entrée n'a aucun enregistrement : il n'y a rien à contrôler, et l'absence de preuve ne passe jamais le contrôle.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="81" />
      <source>{count} published record(s) have a NULL count: a published cell needs a count (mark it withheld in the status field if it is not published).</source>
      <translation>{count} enregistrement(s) publié(s) ont un effectif NULL : une maille publiée a besoin d'un effectif (marquez-la masquée dans le champ de statut si elle n'est pas publiée).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="87" />
      <source>{count} published record(s) have a count that is not a whole number of people.</source>
      <translation>{count} enregistrement(s) publié(s) ont un effectif qui n'est pas un nombre entier de personnes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="94" />
      <source>{count} published record(s) count fewer than k = {k} people (smallest: {smallest}). Withhold them, or publish at a coarser resolution; never lower k.</source>
      <translation>{count} enregistrement(s) publié(s) comptent moins de k = {k} personnes (le plus petit : {smallest}). Masquez-les ou publiez à une résolution plus grossière ; ne baissez jamais k.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="257" />
      <source>The parent factor must be a whole number of at least 2, got {value}.</source>
      <translation>Le facteur parent doit être un entier d'au moins 2, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="278" />
      <source>The protection level must be positive, got {value}.</source>
      <translation>Le niveau de protection doit être positif, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="39" />
      <source>{count} record(s) have a NULL id in the field '{field}'. Counting them would either drop them or merge strangers: fill in their ids (or give each its own id) and run again.</source>
      <translation>{count} enregistrement(s) ont un identifiant NULL dans le champ « {field} ». Les compter reviendrait à les ignorer ou à confondre des inconnus : renseignez leurs identifiants (ou donnez à chacun le sien) et relancez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="68" />
      <source>{count} point(s) have NaN or infinite coordinates: repair or remove their geometries before binning.</source>
      <translation>{count} point(s) ont des coordonnées NaN ou infinies : réparez ou supprimez leurs géométries avant le maillage.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="76" />
      <source>A cell size must be a positive number of metres, got {value}.</source>
      <translation>Une taille de maille doit être un nombre positif de mètres, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="85" />
      <source>Give at least one cell size in metres, e.g. 100,250,500,1000.</source>
      <translation>Indiquez au moins une taille de maille en mètres, par ex. 100,250,500,1000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="91" />
      <source>'{value}' is not a cell size: give numbers of metres separated by commas, e.g. 100,250,500,1000.</source>
      <translation>« {value} » n'est pas une taille de maille : indiquez des nombres de mètres séparés par des virgules, par ex. 100,250,500,1000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="112" />
      <source>The policy file {source} must hold key = value pairs.</source>
      <translation>Le fichier de politique {source} doit contenir des paires clé = valeur.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="116" />
      <source>The policy file {source} lacks the field(s) {fields}: add them, e.g. rho = 0.1, tolerance = 0.2, counting_unit = "person".</source>
      <translation>Il manque au fichier de politique {source} le(s) champ(s) {fields} : ajoutez-les, par ex. rho = 0.1, tolerance = 0.2, counting_unit = "person".</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="123" />
      <source>The policy file {source} has unknown field(s) {fields}; known fields are {known}.</source>
      <translation>Le fichier de politique {source} contient des champs inconnus {fields} ; les champs connus sont {known}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="133" />
      <source>counting_unit in {source} must be "person" or "device", got {value!r}.</source>
      <translation>counting_unit dans {source} doit valoir "person" ou "device", reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="139" />
      <source>protection_level in {source} must be a positive number of people, got {value!r}.</source>
      <translation>protection_level dans {source} doit être un nombre positif de personnes, reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="142" />
      <source>straddle_k in {source} must be true or false, got {value!r}.</source>
      <translation>straddle_k dans {source} doit valoir true ou false, reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="156" />
      <source>Cannot read the policy file {source}: {reason}.</source>
      <translation>Impossible de lire le fichier de politique {source} : {reason}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="165" />
      <source>The policy file {source} does not parse: {reason}. Fix its syntax (TOML, or JSON for a .json file).</source>
      <translation>Le fichier de politique {source} est illisible : {reason}. Corrigez sa syntaxe (TOML, ou JSON pour un fichier .json).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="182" />
      <source>Give a policy file or a value for rho (the accepted disclosure probability, e.g. 0.1 for k = 10).</source>
      <translation>Indiquez un fichier de politique ou une valeur de rho (la probabilité de divulgation acceptée, par ex. 0,1 pour k = 10).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="200" />
      <source>The value {given} given for {name} conflicts with {in_file} in the policy file {source}. Leave {name} empty to use the policy, or change the policy file.</source>
      <translation>La valeur {given} donnée pour {name} contredit {in_file} du fichier de politique {source}. Laissez {name} vide pour utiliser la politique, ou modifiez le fichier de politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="52" />
      <source>rho must be a number in (0, 1), got {value!r}.</source>
      <translation>rho doit être un nombre dans (0, 1), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="55" />
      <source>rho must lie strictly between 0 and 1, got {value}: it is the accepted probability of singling a person out, for example 0.1 for k = 10.</source>
      <translation>rho doit être strictement entre 0 et 1, reçu {value} : c'est la probabilité acceptée d'isoler une personne, par exemple 0,1 pour k = 10.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="70" />
      <source>The suppression tolerance must be a share in [0, 1), got {value!r}.</source>
      <translation>La tolérance de secret doit être une part dans [0, 1), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/suppression.py" line="26" />
      <source>The published totals contradict each other (no non-negative counts satisfy them): check that every total was computed from the same data, as a sum of the cells it covers.</source>
      <translation>Les totaux publiés se contredisent (aucun effectif positif ou nul ne les satisfait) : vérifiez que chaque total a été calculé sur les mêmes données, comme somme des mailles qu'il couvre.</translation>
    </message>
  </context>
</TS>
